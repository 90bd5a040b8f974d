import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'proto/**/*.test.ts',
      'checks/**/*.test.ts',
      'services/**/*.test.ts',
      'web/src/**/*.test.{ts,tsx}',
      'web/e2e/**/*.test.ts',
      'tests/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Two cores: PGlite and real servers are shared, so keep concurrency modest.
    maxWorkers: 2,
  },
});
