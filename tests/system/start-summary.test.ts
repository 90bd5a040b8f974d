/**
 * The start-up summary of `npm start` at a terminal (issue 11, item 6): which embedded or real
 * part each dependency is, and never a password or key.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeSetup, formatSummary } from '../../scripts/start-summary.ts';

describe('start-up summary', () => {
  it('names the embedded defaults and where their data lives', () => {
    const setup = Object.fromEntries(describeSetup({ DATA_DIR: '/srv/seqgen' }));
    expect(setup).toEqual({
      database: `PGlite at ${path.join('/srv/seqgen', 'pglite')}`,
      bus: 'in-process',
      cache: 'in-process',
      LLM: 'built-in composer (no OPENAI_API_KEY or LLM_BASE_URL)',
      payments: 'sandbox',
      mail: 'written to the log (no SMTP_URL)',
      data: '/srv/seqgen',
    });
  });

  it('names the real servers without their credentials', () => {
    const env = {
      DATA_DIR: '/srv/seqgen',
      DATABASE_URL: 'postgres://seqgen:pg-password@db.internal:5432/seqgen?password=query-password',
      NATS_URL: 'nats://nats-user:nats-password@127.0.0.1:4222',
      REDIS_URL: 'redis://:redis-password@cache.internal:6379/2',
      OPENAI_API_KEY: 'sk-openai-secret',
      LLM_BASE_URL: 'http://localhost:11434/v1',
      LLM_MODEL: 'llama3.1',
      STRIPE_SECRET_KEY: 'sk_test_stripe-secret',
      SMTP_URL: 'smtp://mailer:smtp-password@smtp.example.com:587',
    };
    const setup = Object.fromEntries(describeSetup(env));
    expect(setup).toMatchObject({
      database: 'PostgreSQL postgres://db.internal:5432/seqgen',
      bus: 'NATS nats://127.0.0.1:4222',
      cache: 'Redis redis://cache.internal:6379/2',
      LLM: 'llama3.1@localhost:11434',
      payments: 'Stripe (test mode)',
      mail: 'SMTP smtp.example.com:587',
    });
    const printed = formatSummary('http://localhost:8080', env, 1234);
    expect(printed).toContain('seqgen is running at http://localhost:8080 (started in 1.2 s)');
    const secrets = [
      'pg-password',
      'query-password',
      'nats-user',
      'nats-password',
      'redis-password',
      'sk-openai-secret',
    ];
    for (const secret of [...secrets, 'stripe-secret', 'mailer', 'smtp-password'])
      expect(printed).not.toContain(secret);
  });
});
