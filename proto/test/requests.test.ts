import { describe, expect, it } from 'vitest';
import {
  askSessionStatus,
  type Requester,
  requestCatalogue,
  SESSION_STATUS_TIMEOUT_MS,
} from '../src/events/requests.ts';

/** A requester that records what it was asked and answers from the catalogue's reply schema. */
function recordingRequester(reply: unknown) {
  const asked: { subject: string; data: unknown; timeoutMs: number | undefined }[] = [];
  const requester: Requester = {
    request: async (subject, data, options) => {
      asked.push({ subject, data, timeoutMs: options?.timeoutMs });
      return requestCatalogue[subject].reply.parse(reply) as never;
    },
  };
  return { requester, asked };
}

describe('askSessionStatus: the session question every service but auth asks', () => {
  it('asks auth.session-status with the session and user id only, within its timeout', async () => {
    const { requester, asked } = recordingRequester({ live: true });
    const ask = askSessionStatus(requester);
    // A verified session also carries the email and first name: they never go on the bus.
    const session = { userId: 'u-1', sessionId: 's-1', email: 'rep@acme.com', firstName: 'Ada' };
    expect(await ask(session)).toBe(true);
    expect(asked).toEqual([
      {
        subject: 'auth.session-status',
        data: { sessionId: 's-1', userId: 'u-1' },
        timeoutMs: SESSION_STATUS_TIMEOUT_MS,
      },
    ]);
  });

  it('answers false for an ended session, and honours a timeout of its own', async () => {
    const { requester, asked } = recordingRequester({ live: false });
    expect(await askSessionStatus(requester, 250)({ userId: 'u-1', sessionId: 's-2' })).toBe(false);
    expect(asked[0]?.timeoutMs).toBe(250);
  });
});
