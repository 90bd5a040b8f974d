import type { Email } from '@seqgen/proto';
import { Card } from '../ui/Card';
import { CopyButton } from './CopyButton';
import { MergeFieldText } from './MergeFieldText';

/**
 * docs/product.md §2: "Email N" with its subject and body, each with a Copy button; read-only (the stream
 * shows emails this way as they arrive; the studio's cards are StudioEmailCard).
 */
export function EmailCard({
  email,
  number,
  stage,
  testId = 'email-card',
}: {
  email: Email;
  number: number;
  stage?: string | undefined;
  testId?: string;
}) {
  return (
    <Card className="overflow-hidden" data-testid={testId}>
      <div className="flex items-center justify-between gap-3 border-b border-border bg-muted/40 px-5 py-2.5">
        <div className="flex items-center gap-2.5">
          <span
            aria-hidden="true"
            className="flex h-6 w-6 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
          >
            {number}
          </span>
          <h4 className="text-sm font-semibold">Email {number}</h4>
          {stage ? <span className="hidden text-xs text-muted-foreground sm:inline">· {stage}</span> : null}
        </div>
      </div>
      <div className="grid gap-4 px-5 py-4">
        <div className="grid gap-1">
          <div className="flex items-center justify-between gap-2">
            <span className="text-xs font-medium uppercase tracking-wider text-muted-foreground">Subject</span>
            <CopyButton text={email.subject} what={`subject of email ${number}`} testId="copy-subject" />
          </div>
          <p className="font-medium break-words" data-testid="email-subject">
            <MergeFieldText text={email.subject} />
          </p>
        </div>
        <div className="grid gap-1">
          <div className="flex items-center justify-between gap-2">
            <span className="text-xs font-medium uppercase tracking-wider text-muted-foreground">Body</span>
            <CopyButton text={email.body} what={`body of email ${number}`} testId="copy-body" />
          </div>
          <p
            className="whitespace-pre-wrap break-words text-sm leading-relaxed text-foreground/90"
            data-testid="email-body"
          >
            <MergeFieldText text={email.body} />
          </p>
        </div>
      </div>
    </Card>
  );
}

/** The classic seven touches, in order (docs/product.md §1: from intro to breakup). */
export const SEQUENCE_STAGES = [
  'Intro',
  'Pain follow-up',
  'Social proof',
  'New angle',
  'Quick win',
  'Last resource',
  'Breakup',
] as const;
