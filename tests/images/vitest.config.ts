import { defineConfig } from 'vitest/config';

/**
 * The image tests (issue 24): they play the chart with podman from images that
 * scripts/images/build.sh made, so they run on their own, after the build, one file at a time
 * (`bash scripts/images/test.sh`, or the "container images" steps of scripts/test-all.sh). The
 * main run (vitest.config.ts) leaves this folder out.
 */
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/images/**/*.test.ts'],
    setupFiles: ['tests/setup/loopback-only.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
});
