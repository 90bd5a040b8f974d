import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dismissToast,
  getToasts,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  type ToastItem,
  toast,
  toastReducer,
} from './toast-store';

const item = (id: string): ToastItem => ({ id, open: true, title: `toast ${id}` });

describe('toastReducer', () => {
  it('keeps one toast at a time, newest first', () => {
    expect(TOAST_LIMIT).toBe(1);
    const state = toastReducer(toastReducer([], { type: 'add', toast: item('1') }), { type: 'add', toast: item('2') });
    expect(state.map((t) => t.id)).toEqual(['2']);
  });

  it('closes on dismiss and drops on remove', () => {
    const closed = toastReducer([item('1')], { type: 'dismiss', id: '1' });
    expect(closed).toEqual([{ ...item('1'), open: false }]);
    expect(toastReducer(closed, { type: 'remove', id: '1' })).toEqual([]);
    expect(toastReducer([item('1')], { type: 'dismiss' })[0]?.open).toBe(false);
  });
});

describe('toast store', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('replaces the current toast and removes dismissed ones after the spec delay', () => {
    vi.useFakeTimers();
    toast({ title: 'first' });
    const second = toast({ title: 'Success!' });
    expect(getToasts().map((t) => t.title)).toEqual(['Success!']);

    dismissToast(second.id);
    expect(getToasts()[0]?.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(getToasts()).toEqual([]);
  });
});
