/**
 * Readable dev output (issue 11, item 6): the formatter that turns pino's JSON lines into one
 * line per request at a terminal, and the choice between it and JSON.
 */
import { describe, expect, it } from 'vitest';
import { createLogger, PrettyLogStream, wantsPrettyLogs } from '../src/index.ts';

const line = (record: Record<string, unknown>) =>
  JSON.stringify({ level: 30, time: '2026-11-22T20:31:02.123Z', ...record });

function collect() {
  const out: string[] = [];
  const stream = new PrettyLogStream({ write: (text) => out.push(text) });
  return { out, stream };
}

describe('wantsPrettyLogs', () => {
  it('is readable at a terminal in development, JSON in production, in tests and when piped', () => {
    expect(wantsPrettyLogs({}, true)).toBe(true);
    expect(wantsPrettyLogs({ NODE_ENV: 'development' }, true)).toBe(true);
    expect(wantsPrettyLogs({ NODE_ENV: 'production' }, true)).toBe(false);
    expect(wantsPrettyLogs({ NODE_ENV: 'test' }, true)).toBe(false);
    expect(wantsPrettyLogs({}, false)).toBe(false);
  });

  it('follows SEQGEN_PRETTY_LOGS when it is set', () => {
    expect(wantsPrettyLogs({ SEQGEN_PRETTY_LOGS: '1' }, false)).toBe(true);
    expect(wantsPrettyLogs({ SEQGEN_PRETTY_LOGS: 'true', NODE_ENV: 'production' }, false)).toBe(true);
    expect(wantsPrettyLogs({ SEQGEN_PRETTY_LOGS: '0' }, true)).toBe(false);
  });
});

describe('PrettyLogStream', () => {
  it('prints one line for a request the gateway passed to a service, naming the service', () => {
    const { out, stream } = collect();
    const reqId = 'r-1';
    const req = { method: 'POST', url: '/api/waitlist', host: 'localhost:8080' };
    stream.write(line({ service: 'gateway', reqId, req, msg: 'incoming request' }));
    stream.write(line({ service: 'waitlist', reqId, req, msg: 'incoming request' }));
    stream.write(
      line({ service: 'waitlist', reqId, res: { statusCode: 201 }, responseTime: 15.6, msg: 'request completed' }),
    );
    stream.write(
      line({ service: 'gateway', reqId, res: { statusCode: 201 }, responseTime: 29.9, msg: 'request completed' }),
    );
    expect(out).toEqual(['20:31:02 POST /api/waitlist 201 30 ms waitlist\n']);
  });

  it("adds the error handler's reason for a refused request to the request's line", () => {
    const { out, stream } = collect();
    const reqId = 'r-4';
    const req = { method: 'POST', url: '/api/login' };
    stream.write(line({ service: 'gateway', reqId, req, msg: 'incoming request' }));
    stream.write(line({ service: 'auth', reqId, req, msg: 'incoming request' }));
    stream.write(
      line({ service: 'auth', reqId, statusCode: 401, code: 'invalid_credentials', msg: 'Wrong password.' }),
    );
    stream.write(line({ service: 'auth', reqId, res: { statusCode: 401 }, responseTime: 3, msg: 'request completed' }));
    stream.write(
      line({ service: 'gateway', reqId, res: { statusCode: 401 }, responseTime: 5, msg: 'request completed' }),
    );
    expect(out).toEqual(['20:31:02 POST /api/login 401 5 ms auth Wrong password. (invalid_credentials)\n']);
  });

  it("pairs a request's lines in any order when told which service every request enters through", () => {
    const { out, stream } = collect();
    stream.enterThrough('gateway');
    const login = { reqId: 'r-5', req: { method: 'POST', url: '/api/login' } };
    const waitlist = { reqId: 'r-6', req: { method: 'POST', url: '/api/waitlist' } };
    // The service's lines first, all of them, as when the gateway's come from another thread.
    stream.write(line({ service: 'auth', ...login, msg: 'incoming request' }));
    stream.write(line({ service: 'auth', reqId: 'r-5', statusCode: 401, code: 'invalid_credentials', msg: 'No.' }));
    stream.write(
      line({ service: 'auth', reqId: 'r-5', res: { statusCode: 401 }, responseTime: 3, msg: 'request completed' }),
    );
    // Interleaved: the gateway's incoming line between the service's two.
    stream.write(line({ service: 'waitlist', ...waitlist, msg: 'incoming request' }));
    stream.write(line({ service: 'gateway', ...waitlist, msg: 'incoming request' }));
    stream.write(line({ service: 'gateway', ...login, msg: 'incoming request' }));
    stream.write(
      line({ service: 'waitlist', reqId: 'r-6', res: { statusCode: 201 }, responseTime: 9, msg: 'request completed' }),
    );
    expect(out).toEqual([]);
    stream.write(
      line({ service: 'gateway', reqId: 'r-5', res: { statusCode: 401 }, responseTime: 5, msg: 'request completed' }),
    );
    stream.write(
      line({ service: 'gateway', reqId: 'r-6', res: { statusCode: 201 }, responseTime: 12, msg: 'request completed' }),
    );
    // A request the gateway answers itself.
    stream.write(
      line({ service: 'gateway', reqId: 'r-7', req: { method: 'GET', url: '/healthz' }, msg: 'incoming request' }),
    );
    stream.write(
      line({ service: 'gateway', reqId: 'r-7', res: { statusCode: 200 }, responseTime: 1, msg: 'request completed' }),
    );
    expect(out).toEqual([
      '20:31:02 POST /api/login 401 5 ms auth No. (invalid_credentials)\n',
      '20:31:02 POST /api/waitlist 201 12 ms waitlist\n',
      '20:31:02 GET /healthz 200 1 ms gateway\n',
    ]);
  });

  it('prints one line for a request a service answers itself', () => {
    const { out, stream } = collect();
    stream.write(
      line({ service: 'gateway', reqId: 'r-2', req: { method: 'GET', url: '/healthz' }, msg: 'incoming request' }),
    );
    stream.write(
      line({ service: 'gateway', reqId: 'r-2', res: { statusCode: 200 }, responseTime: 1.2, msg: 'request completed' }),
    );
    expect(out).toEqual(['20:31:02 GET /healthz 200 1 ms gateway\n']);
  });

  it('prints warnings and errors with their fields and stack, and anything that is not JSON as it is', () => {
    const { out, stream } = collect();
    stream.write(line({ level: 40, service: 'auth', reqId: 'r-3', code: 'x', msg: 'slow' }));
    stream.write(
      line({
        level: 50,
        service: 'quota',
        err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at here' },
        msg: 'failed',
      }),
    );
    stream.write('not json\n');
    expect(out).toEqual([
      '20:31:02 WARN auth slow code=x\n',
      '20:31:02 ERROR quota failed\n    Error: boom\n        at here\n',
      'not json\n',
    ]);
  });

  it('holds start-up lines for a summary but lets warnings through', () => {
    const { out, stream } = collect();
    stream.hold();
    stream.write(line({ service: 'auth', msg: 'database ready' }));
    stream.write(line({ level: 40, service: 'auth', msg: 'careful' }));
    expect(out).toEqual(['20:31:02 WARN auth careful\n']);
    stream.release(false);
    stream.write(line({ service: 'auth', msg: 'later' }));
    expect(out).toEqual(['20:31:02 WARN auth careful\n', '20:31:02 INFO auth later\n']);
  });

  it('shows what the logger redacted as redacted: no secret reaches the terminal', () => {
    const { out, stream } = collect();
    const logger = createLogger({ service: 'auth', destination: stream });
    logger.info(
      {
        password: 'hunter2-password',
        req: { method: 'GET', url: '/reset?token=tok-secret-123', headers: { cookie: 'sid=cookie-secret' } },
        config: { SESSION_SECRET: 'session-secret-value', DATABASE_URL: 'postgres://u:db-password@h/db' },
      },
      'settings',
    );
    const text = out.join('');
    expect(text).toContain('INFO auth settings');
    for (const secret of [
      'hunter2-password',
      'tok-secret-123',
      'cookie-secret',
      'session-secret-value',
      'db-password',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('[redacted]');
  });
});
