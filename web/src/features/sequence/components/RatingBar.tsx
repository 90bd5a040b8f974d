import type { Customization, StoredSequence } from '@seqgen/proto';
import { useCallback, useId, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Icon } from '../../../components/ui/Icon';
import { Textarea } from '../../../components/ui/Textarea';
import { toast } from '../../../components/ui/toast-store';
import { cn } from '../../../lib/cn';
import { useSendFeedback } from '../api/send-feedback';

export const FEEDBACK_PLACEHOLDER = 'What could be improved? (optional but helpful)';

/** Sends a rating with the toasts of docs/product.md §8; resolves true when it was recorded. */
export function useRating({
  emailSequence,
  companyUrl,
  customization,
}: {
  emailSequence: StoredSequence;
  companyUrl: string;
  customization: Customization | null;
}) {
  const [rated, setRated] = useState<'good' | 'bad' | null>(null);
  const { trigger, isMutating } = useSendFeedback();
  const rate = useCallback(
    async (rating: 'good' | 'bad', feedback = ''): Promise<boolean> => {
      try {
        await trigger({
          emailSequence,
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
        return true;
      } catch {
        toast({ title: 'Failed to record feedback', description: 'Please try again', variant: 'destructive' });
        return false;
      }
    },
    [trigger, emailSequence, companyUrl, customization],
  );
  return { rated, rate, busy: isMutating };
}

/** Good and Needs Work (docs/product.md §2 rating bar). */
export function RatingButtons({
  rated,
  busy,
  feedbackOpen,
  feedbackBoxId,
  onGood,
  onToggleFeedback,
  promptClassName,
}: {
  rated: 'good' | 'bad' | null;
  busy: boolean;
  feedbackOpen: boolean;
  feedbackBoxId: string;
  onGood: () => void;
  onToggleFeedback: () => void;
  /** Classes for the "How is this sequence?" prompt (a narrow bar hides it). */
  promptClassName?: string;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of two buttons, not a form field set.
    <div className="flex items-center gap-2" role="group" aria-label="Rate this sequence" data-testid="rating-bar">
      <span className={cn('mr-1 text-sm text-muted-foreground', promptClassName)}>How is this sequence?</span>
      <Button
        variant="outline"
        size="sm"
        disabled={busy}
        onClick={onGood}
        aria-pressed={rated === 'good'}
        className={cn(rated === 'good' && 'border-success/60 bg-success/10')}
        data-testid="rate-good"
      >
        <Icon name={rated === 'good' ? 'check' : 'thumbsUp'} />
        Good
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={busy}
        aria-expanded={feedbackOpen}
        aria-controls={feedbackBoxId}
        onClick={onToggleFeedback}
        className={cn((feedbackOpen || rated === 'bad') && 'border-destructive/50 bg-destructive/5')}
        data-testid="rate-needs-work"
      >
        <Icon name="thumbsDown" />
        Needs Work
      </Button>
    </div>
  );
}

/** The Needs Work box: Submit Feedback sends a bad rating, then the box closes and clears (docs/product.md §4). */
export function FeedbackBox({
  id,
  busy,
  onSubmit,
  onCancel,
}: {
  id: string;
  busy: boolean;
  onSubmit: (feedback: string) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [feedback, setFeedback] = useState('');
  return (
    <div id={id} className="grid gap-3 rounded-lg border border-border bg-muted/40 p-3 sm:p-4">
      <Textarea
        rows={3}
        maxLength={4000}
        aria-label="What could be improved?"
        placeholder={FEEDBACK_PLACEHOLDER}
        value={feedback}
        onChange={(event) => setFeedback(event.target.value)}
        className="min-h-20"
        data-testid="feedback-text"
        autoFocus
      />
      <div className="flex gap-2">
        <Button
          size="sm"
          disabled={busy}
          onClick={async () => {
            if (await onSubmit(feedback)) setFeedback('');
          }}
          data-testid="feedback-submit"
        >
          Submit Feedback
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={busy}
          onClick={() => {
            setFeedback('');
            onCancel();
          }}
        >
          Cancel
        </Button>
      </div>
    </div>
  );
}

/**
 * docs/product.md §4 Rating: Good submits at once; Needs Work toggles a feedback box whose Submit sends a
 * bad rating, then the box closes and clears.
 */
export function RatingBar({
  emailSequence,
  companyUrl,
  customization,
}: {
  emailSequence: StoredSequence;
  companyUrl: string;
  customization: Customization | null;
}) {
  const [open, setOpen] = useState(false);
  const { rated, rate, busy } = useRating({ emailSequence, companyUrl, customization });
  const boxId = useId();
  return (
    <div className="grid gap-3">
      <RatingButtons
        rated={rated}
        busy={busy}
        feedbackOpen={open}
        feedbackBoxId={boxId}
        onGood={() => void rate('good').then((ok) => ok && setOpen(false))}
        onToggleFeedback={() => setOpen((value) => !value)}
      />
      {open ? (
        <FeedbackBox
          id={boxId}
          busy={busy}
          onSubmit={async (feedback) => {
            const ok = await rate('bad', feedback);
            if (ok) setOpen(false);
            return ok;
          }}
          onCancel={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}
