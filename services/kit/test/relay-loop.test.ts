import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.ts';
import { RelayLoop } from '../src/relay-loop.ts';

const MESSAGES = { paused: 'relay paused', stillPaused: 'relay still paused', resumed: 'relay resumed' };

/** A logger whose lines are kept, to count what the loop said. */
function recordingLogger() {
  const lines: { msg: string }[] = [];
  const logger = createLogger({
    service: 'test',
    level: 'debug',
    destination: { write: (line: string) => lines.push(JSON.parse(line) as { msg: string }) },
  });
  return { logger, said: (msg: string) => lines.filter((line) => line.msg === msg).length };
}

async function runLoop(pass: () => Promise<void>) {
  const { logger, said } = recordingLogger();
  let calls = 0;
  const loop = new RelayLoop({
    logger,
    pollIntervalMs: 60_000,
    maxBackoffMs: 60_000,
    pokeDuringBackoff: true,
    messages: MESSAGES,
    pass: async () => {
      calls += 1;
      await pass();
    },
  });
  loop.start();
  await loop.settled();
  await loop.stop();
  return { said, calls: () => calls };
}

describe('RelayLoop', () => {
  it('one failed pass that succeeds at once on a second try is no outage (a dropped pooled connection)', async () => {
    let failures = 1;
    const { said, calls } = await runLoop(async () => {
      if (failures-- > 0) throw new Error('Connection terminated unexpectedly');
    });
    expect(calls()).toBe(2);
    expect(said(MESSAGES.paused)).toBe(0);
    expect(said(MESSAGES.resumed)).toBe(0);
  });

  it('a far side that fails the second try too is an outage, said once', async () => {
    const { said, calls } = await runLoop(async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
    });
    expect(calls()).toBe(2);
    expect(said(MESSAGES.paused)).toBe(1);
  });
});
