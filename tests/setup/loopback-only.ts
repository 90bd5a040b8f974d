import { installLoopbackOnly, takeViolations } from '@seqgen/kit/testing';
import { afterEach } from 'vitest';

/**
 * Every test file runs under the network rule (docs/architecture.md §8): connections leave only for
 * loopback, and a test that tried to reach anything else fails, whatever it asserted.
 */
installLoopbackOnly();

afterEach(() => {
  const violations = takeViolations();
  if (violations.length) {
    throw new Error(
      `This test tried to reach the network beyond loopback: ${violations.map((violation) => violation.target).join(', ')}`,
    );
  }
});
