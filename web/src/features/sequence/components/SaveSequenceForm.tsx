import type { Customization, SavedSequence, StoredSequence } from '@seqgen/proto';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Input } from '../../../components/ui/Input';
import { Label } from '../../../components/ui/Label';
import { toast } from '../../../components/ui/toast-store';
import { defaultSequenceTitle } from '../../../lib/sequence/sequence';
import { useSaveSequence } from '../api/save-sequence';

/** docs/product.md §4 Save: the title box starts with the generated label (docs/product.md §5) and is editable. */
export function SaveSequenceForm({
  emailSequence,
  companyUrl,
  customization,
  onDone,
}: {
  /** The emails as edited, with their send days. */
  emailSequence: StoredSequence;
  companyUrl: string;
  customization: Customization | null;
  onDone: (saved: SavedSequence | null) => void;
}) {
  const [title, setTitle] = useState(() => defaultSequenceTitle(customization));
  const { trigger, isMutating } = useSaveSequence();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isMutating || title.trim() === '') return;
    try {
      const saved = await trigger({
        title: title.trim(),
        companyUrl,
        emailSequence,
        ...(customization ? { customization } : {}),
      });
      toast({
        title: 'Sequence saved',
        description: 'Your email sequence has been saved successfully.',
        variant: 'success',
      });
      onDone(saved);
    } catch {
      toast({ title: 'Failed to save sequence', description: 'Please try again', variant: 'destructive' });
    }
  }

  return (
    <form
      onSubmit={onSubmit}
      className="grid gap-3 rounded-lg border border-border bg-muted/40 p-3 sm:p-4"
      data-testid="save-form"
    >
      <Label htmlFor="save-title">Sequence title</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id="save-title"
          value={title}
          maxLength={200}
          onChange={(event) => setTitle(event.target.value)}
          data-testid="save-title"
          autoFocus
        />
        <div className="flex gap-2">
          <Button type="submit" disabled={isMutating || title.trim() === ''} data-testid="save-submit">
            Save
          </Button>
          <Button variant="ghost" onClick={() => onDone(null)} disabled={isMutating}>
            Cancel
          </Button>
        </div>
      </div>
    </form>
  );
}
