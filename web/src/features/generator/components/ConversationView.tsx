import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/Card';
import { Icon } from '../../../components/ui/Icon';
import { Spinner } from '../../../components/ui/Spinner';
import type { ConversationMessage, StreamProgress } from '../conversation';
import { StreamingSequence } from './StreamingSequence';
import { WriterNotices } from './WriterNotices';

export const CONVERSATION_PLACEHOLDER = 'Email sequences will appear here once generated';
export const GENERATING_MESSAGE = 'Analyzing company and generating email sequence...';

function timeOf(timestamp: number) {
  return new Date(timestamp).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/**
 * docs/product.md §2 conversation area: the company as the user's message, the sequence as the answer. While
 * generating, the streamed emails appear as they are written; the answer's sequence is rendered by
 * `sequence` (the studio).
 */
export function ConversationView({
  messages,
  generating,
  stream,
  sequence,
  onDismissNotices,
}: {
  messages: ConversationMessage[];
  generating: boolean;
  stream: StreamProgress | null;
  sequence: ReactNode;
  /** Dismisses the writer's notices of the answer with this timestamp. */
  onDismissNotices?: (timestamp: number) => void;
}) {
  if (messages.length === 0) {
    return (
      <Card
        className="flex flex-col items-center justify-center gap-3 border-dashed px-6 py-12 text-center shadow-none"
        data-testid="conversation-placeholder"
      >
        <span className="flex h-11 w-11 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
          <Icon name="mail" className="h-5 w-5" />
        </span>
        <p className="text-sm text-muted-foreground">{CONVERSATION_PLACEHOLDER}</p>
      </Card>
    );
  }
  return (
    <section className="grid gap-5" aria-label="Conversation" data-testid="conversation">
      {messages.map((message) =>
        message.type === 'user' ? (
          <div key={`user-${message.timestamp}`} className="flex justify-end" data-testid="user-message">
            <div className="max-w-[85%] rounded-2xl rounded-br-md bg-primary px-4 py-2.5 text-primary-foreground shadow-sm">
              <p className="break-all text-sm font-medium">{message.content}</p>
              <p className="mt-0.5 text-right text-[11px] text-primary-muted-foreground">{timeOf(message.timestamp)}</p>
            </div>
          </div>
        ) : (
          <div key={`assistant-${message.timestamp}`} className="grid gap-3" data-testid="assistant-message">
            <div className="flex items-center gap-2 text-sm text-muted-foreground">
              <span className="flex h-7 w-7 items-center justify-center rounded-full bg-accent text-accent-foreground">
                <Icon name="sparkles" className="h-3.5 w-3.5" />
              </span>
              <span>{message.content}</span>
              <span className="text-[11px]">· {timeOf(message.timestamp)}</span>
            </div>
            {message.emailSequence ? (
              <WriterNotices notices={message.notices} onDismiss={() => onDismissNotices?.(message.timestamp)} />
            ) : null}
            {message.emailSequence ? sequence : null}
          </div>
        ),
      )}
      {generating ? (
        <div className="grid gap-4">
          <div className="flex w-fit max-w-full items-center gap-3 rounded-2xl rounded-bl-md border border-border bg-card px-4 py-3 text-sm shadow-sm">
            <Spinner className="h-4 w-4 text-highlight" label="Generating" />
            <span data-testid="generating-message">{GENERATING_MESSAGE}</span>
          </div>
          {stream ? <StreamingSequence stream={stream} /> : null}
        </div>
      ) : null}
    </section>
  );
}

/** docs/product.md §2: after generation, a green card pointing at the sequence, with Start Over. */
export function GenerationSuccessCard({ onStartOver }: { onStartOver: () => void }) {
  return (
    <div
      className="flex flex-col gap-4 rounded-xl border border-success/40 bg-success/10 px-5 py-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="success-card"
    >
      <div className="flex items-center gap-3">
        <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-success text-white">
          <Icon name="check" />
        </span>
        <div>
          <p className="font-semibold">Let's check out your sequence below!</p>
          <p className="text-sm text-muted-foreground">Rate it, save it, copy it or export it for your CRM.</p>
        </div>
      </div>
      <button
        type="button"
        onClick={onStartOver}
        className="inline-flex h-9 cursor-pointer items-center justify-center gap-2 rounded-lg border border-success/50 bg-background px-4 text-sm font-medium transition-colors hover:bg-success/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        data-testid="success-start-over"
      >
        <Icon name="arrowLeft" />
        Start Over
      </button>
    </div>
  );
}
