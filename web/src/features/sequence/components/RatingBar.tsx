import type { Customization, Email } from '@seqgen/proto';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Textarea } from '../../../components/ui/Textarea';
import { toast } from '../../../components/ui/toast-store';
import { cn } from '../../../lib/cn';
import { Icon } from '../../dashboard/icons';
import { useSendFeedback } from '../api/send-feedback';

/**
 * Spec §4 Rating: Good submits at once; Needs Work toggles a feedback box whose Submit sends a
 * bad rating, then the box closes and clears.
 */
export function RatingBar({
  emails,
  companyUrl,
  customization,
}: {
  emails: Email[];
  companyUrl: string;
  customization: Customization | null;
}) {
  const [open, setOpen] = useState(false);
  const [feedback, setFeedback] = useState('');
  const [rated, setRated] = useState<'good' | 'bad' | null>(null);
  const { trigger, isMutating } = useSendFeedback();
  const boxId = useId();

  async function rate(rating: 'good' | 'bad') {
    try {
      await trigger({
        emailSequence: emails,
        rating,
        companyUrl,
        ...(rating === 'bad' && feedback.trim() ? { feedback: feedback.trim() } : {}),
        ...(customization ? { customization } : {}),
      });
      setRated(rating);
      toast({
        title: 'Feedback recorded',
        description: 'Thank you! This helps improve future email generation.',
        variant: 'success',
      });
      setOpen(false);
      setFeedback('');
    } catch {
      toast({ title: 'Failed to record feedback', description: 'Please try again', variant: 'destructive' });
    }
  }

  return (
    <div className="grid gap-3" data-testid="rating-bar">
      <div className="flex flex-wrap items-center gap-2">
        <span className="mr-1 text-sm text-muted-foreground">How is this sequence?</span>
        <Button
          variant="outline"
          size="sm"
          disabled={isMutating}
          onClick={() => void rate('good')}
          className={cn(rated === 'good' && 'border-success/60 bg-success/10')}
          data-testid="rate-good"
        >
          <Icon name="thumbsUp" />
          Good
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={isMutating}
          aria-expanded={open}
          aria-controls={boxId}
          onClick={() => setOpen((value) => !value)}
          className={cn((open || rated === 'bad') && 'border-destructive/50 bg-destructive/5')}
          data-testid="rate-needs-work"
        >
          <Icon name="thumbsDown" />
          Needs Work
        </Button>
      </div>
      {open ? (
        <div id={boxId} className="grid gap-3 rounded-lg border border-border bg-muted/40 p-4">
          <Textarea
            rows={3}
            maxLength={4000}
            aria-label="What could be improved?"
            placeholder="What could be improved? (optional but helpful)"
            value={feedback}
            onChange={(event) => setFeedback(event.target.value)}
            data-testid="feedback-text"
            autoFocus
          />
          <div className="flex gap-2">
            <Button size="sm" disabled={isMutating} onClick={() => void rate('bad')} data-testid="feedback-submit">
              Submit Feedback
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={isMutating}
              onClick={() => {
                setOpen(false);
                setFeedback('');
              }}
            >
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
