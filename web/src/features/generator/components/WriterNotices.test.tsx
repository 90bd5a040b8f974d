// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConversationMessage } from '../conversation';
import { ConversationView } from './ConversationView';
import { WRITER_NOTICES_COPY } from './WriterNotices';

const emails = Array.from({ length: 7 }, (_, i) => ({ subject: `Subject ${i + 1}`, body: `Body ${i + 1}` }));
const LANGUAGE_NOTICE =
  "Your additional context is in another language than the emails, so it wasn't pasted in. Write it in the emails' language to have it woven in.";
const FIT_NOTICE =
  "Dockhand works in logistics, and Northwind Ledger's page speaks to financial services, software and manufacturing. Check that it is the right account before you send.";

const conversation = (notices?: string[]): ConversationMessage[] => [
  { type: 'user', content: 'https://northwind.test/', timestamp: 1 },
  {
    type: 'assistant',
    content: 'Here is your 7-email sequence.',
    emailSequence: emails,
    ...(notices ? { notices } : {}),
    timestamp: 2,
  },
];

const sequence = <div data-testid="sequence-result">the studio</div>;

afterEach(cleanup);

describe("the writer's notices with the result", () => {
  it('are shown with the sequence, after its header and before the emails, each as written', () => {
    render(
      <ConversationView
        messages={conversation([LANGUAGE_NOTICE, FIT_NOTICE])}
        generating={false}
        stream={null}
        sequence={sequence}
      />,
    );
    const alert = screen.getByTestId('writer-notices');
    expect(alert.getAttribute('role')).toBe('status');
    expect(within(alert).getByText(WRITER_NOTICES_COPY.title)).toBeTruthy();
    expect(
      within(alert)
        .getAllByTestId('writer-notice')
        .map((item) => item.textContent),
    ).toEqual([LANGUAGE_NOTICE, FIT_NOTICE]);
    const answer = screen.getByTestId('assistant-message');
    expect(answer.contains(alert)).toBe(true);
    expect(
      alert.compareDocumentPosition(screen.getByTestId('sequence-result')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('can be dismissed: the button is named for what it does and says which answer', () => {
    const onDismiss = vi.fn();
    render(
      <ConversationView
        messages={conversation([LANGUAGE_NOTICE])}
        generating={false}
        stream={null}
        sequence={sequence}
        onDismissNotices={onDismiss}
      />,
    );
    const dismiss = screen.getByRole('button', { name: WRITER_NOTICES_COPY.dismissLabel });
    fireEvent.click(dismiss);
    expect(onDismiss).toHaveBeenCalledWith(2);
  });

  it('are not shown for an answer without notices (a history entry, a sequence the writer fully honoured)', () => {
    for (const notices of [undefined, []]) {
      render(
        <ConversationView messages={conversation(notices)} generating={false} stream={null} sequence={sequence} />,
      );
      expect(screen.getByTestId('sequence-result')).toBeTruthy();
      expect(screen.queryByTestId('writer-notices')).toBeNull();
      cleanup();
    }
  });
});
