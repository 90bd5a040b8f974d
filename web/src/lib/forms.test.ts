import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorMessage, fieldErrors } from './forms';

describe('form helpers', () => {
  it('keeps the first message per field', () => {
    const schema = z.object({ email: z.string().min(1, 'Email is required').regex(/@/, 'Bad email'), age: z.number() });
    const result = schema.safeParse({ email: '', age: 'x' });
    expect(result.success).toBe(false);
    if (result.success) return;
    const errors = fieldErrors(result.error);
    expect(errors.email).toBe('Email is required');
    expect(errors.age).toBeTypeOf('string');
  });

  it('falls back when a thrown value has no message', () => {
    expect(errorMessage(new Error('401: Invalid email or password'), 'x')).toBe('401: Invalid email or password');
    expect(errorMessage('nope', 'Failed to reset password')).toBe('Failed to reset password');
    expect(errorMessage(new Error(''), 'Failed to send reset email')).toBe('Failed to send reset email');
  });
});
