import { parseConfig } from '@seqgen/kit';
import { describe, expect, it } from 'vitest';
import { configProblems, generationConfigShape } from '../src/config.ts';
import { llmFromConfig } from '../src/main.ts';

describe('settings', () => {
  it('has working defaults: no LLM, 24 h cache, 2 MB pages, no loopback origins', () => {
    const config = parseConfig(generationConfigShape, {});
    expect(config).toMatchObject({
      PORT: 8103,
      LLM_MODEL: 'gpt-4o-mini',
      LLM_TIMEOUT_MS: 20_000,
      LLM_MAX_RETRIES: 1,
      ANALYSIS_CACHE_TTL_SECONDS: 86_400,
      FETCH_TIMEOUT_MS: 15_000,
      FETCH_MAX_BYTES: 2 * 1024 * 1024,
    });
    expect(config.FETCH_ALLOWED_LOOPBACK_ORIGINS).toBeUndefined();
    expect(llmFromConfig(config)).toBeUndefined();
  });

  it('uses an LLM when a key or a base URL is set', () => {
    expect(llmFromConfig(parseConfig(generationConfigShape, { OPENAI_API_KEY: 'sk-x' }))?.model).toBe('gpt-4o-mini');
    expect(
      llmFromConfig(
        parseConfig(generationConfigShape, { LLM_BASE_URL: 'http://localhost:11434/v1', LLM_MODEL: 'llama3.1' }),
      )?.model,
    ).toBe('llama3.1');
  });

  it('parses loopback origins, names bad ones, and refuses them in production', () => {
    const config = parseConfig(generationConfigShape, {
      FETCH_ALLOWED_LOOPBACK_ORIGINS: 'http://127.0.0.1:4010, http://localhost:4011',
    });
    expect(config.FETCH_ALLOWED_LOOPBACK_ORIGINS).toEqual(['http://127.0.0.1:4010', 'http://localhost:4011']);
    expect(configProblems(config)).toEqual([]);
    expect(configProblems({ ...config, NODE_ENV: 'production' })).toEqual([
      {
        setting: 'FETCH_ALLOWED_LOOPBACK_ORIGINS',
        message: expect.stringMatching(/^must not be set in production/),
      },
    ]);
    expect(() =>
      parseConfig(generationConfigShape, { FETCH_ALLOWED_LOOPBACK_ORIGINS: 'http://127.0.0.1:4010/path' }),
    ).toThrow(/FETCH_ALLOWED_LOOPBACK_ORIGINS/);
    expect(() => parseConfig(generationConfigShape, { LLM_TIMEOUT_MS: 'soon' })).toThrow(/LLM_TIMEOUT_MS/);
  });
});
