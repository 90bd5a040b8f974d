import { SEQUENCE_LENGTH } from '@seqgen/proto';
import { useEffect, useRef } from 'react';
import { EmailCard, SEQUENCE_STAGES } from '../../../components/sequence/EmailCard';
import { Spinner } from '../../../components/ui/Spinner';
import type { StreamProgress } from '../conversation';

export const STREAM_COPY = {
  starting: 'Starting…',
  writing: (n: number) => `Email ${n} · writing…`,
  waiting: (n: number) => `Email ${n}`,
  progress: (done: number, total: number) => `${done} of ${total} emails written`,
} as const;

/**
 * The sequence while the stream writes it: the step the server is on (read out politely), each
 * email as soon as it arrives, and a placeholder for the ones still to come.
 */
export function StreamingSequence({ stream }: { stream: StreamProgress }) {
  const written = stream.emails.filter(Boolean).length;
  const next = stream.emails.length === 0 ? 0 : stream.emails.findIndex((email) => !email);
  const writingIndex = next < 0 ? stream.emails.length : next;
  const top = useRef<HTMLDivElement>(null);
  const shown = useRef(false);
  useEffect(() => {
    // Once, when the first email arrives: the wizard above is tall, and the email is what the user waits for.
    if (shown.current || written === 0) return;
    shown.current = true;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    top.current?.scrollIntoView({ behavior: still ? 'auto' : 'smooth', block: 'start' });
  }, [written]);
  return (
    <div
      ref={top}
      className="grid scroll-mt-24 gap-4"
      data-testid="stream"
      data-stream-state="streaming"
      aria-busy="true"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-border bg-card px-4 py-3 text-sm shadow-sm">
        <span aria-hidden="true">
          <Spinner className="h-4 w-4 text-highlight" />
        </span>
        <span className="font-medium" role="status" aria-live="polite" data-testid="stream-step">
          {stream.message ?? STREAM_COPY.starting}
        </span>
        <span className="text-xs text-muted-foreground tabular-nums" data-testid="stream-count">
          {STREAM_COPY.progress(written, SEQUENCE_LENGTH)}
        </span>
      </div>
      <ol className="grid gap-4">
        {Array.from({ length: Math.max(SEQUENCE_LENGTH, stream.emails.length) }, (_, index) => {
          const email = stream.emails[index];
          return (
            <li key={index}>
              {email ? (
                <EmailCard email={email} number={index + 1} stage={SEQUENCE_STAGES[index]} testId="stream-email" />
              ) : (
                <div
                  className="flex items-center gap-2.5 rounded-xl border border-dashed border-border px-5 py-3 text-sm text-muted-foreground"
                  data-testid="stream-placeholder"
                >
                  <span
                    aria-hidden="true"
                    className="flex h-6 w-6 items-center justify-center rounded-full bg-muted text-xs font-semibold"
                  >
                    {index + 1}
                  </span>
                  {index === writingIndex ? (
                    <span className="grid min-w-0 gap-1">
                      <span className="animate-pulse">{STREAM_COPY.writing(index + 1)}</span>
                      {stream.draft?.index === index ? (
                        <span
                          className="line-clamp-3 text-xs whitespace-pre-wrap break-words"
                          data-testid="stream-draft"
                        >
                          {stream.draft.subject ? `${stream.draft.subject}\n` : ''}
                          {stream.draft.body}
                        </span>
                      ) : null}
                    </span>
                  ) : (
                    <span>{STREAM_COPY.waiting(index + 1)}</span>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
