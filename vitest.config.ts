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
    // The image tests run on their own after the images are built (tests/images/vitest.config.ts).
    exclude: ['**/node_modules/**', '**/dist/**', 'tests/images/**'],
    // The network rule holds in every test process: nothing but loopback can be reached.
    setupFiles: ['tests/setup/loopback-only.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Two cores: PGlite and real servers are shared, so keep concurrency modest.
    maxWorkers: 2,
    // Browser suites poll the page while two workers share the machine: a screen that renders in
    // 200 ms alone can take seconds under load, so waits get room (https://vitest.dev/config/expect).
    expect: { poll: { timeout: 10_000 } },
  },
});
