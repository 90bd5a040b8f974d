import { describe, expect, it } from 'vitest';
import { readStoredTheme, resolveInitialTheme, storeTheme, THEME_STORAGE_KEY } from './theme';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

describe('theme', () => {
  it('prefers the stored choice over the system setting', () => {
    expect(resolveInitialTheme('light', true)).toBe('light');
    expect(resolveInitialTheme('dark', false)).toBe('dark');
  });

  it('follows the system setting when nothing valid is stored', () => {
    expect(resolveInitialTheme(null, true)).toBe('dark');
    expect(resolveInitialTheme(null, false)).toBe('light');
    expect(resolveInitialTheme('purple', true)).toBe('dark');
  });

  it('stores under the key "theme" and reads back only valid values', () => {
    const storage = memoryStorage();
    storeTheme(storage, 'dark');
    expect(storage.data.get(THEME_STORAGE_KEY)).toBe('dark');
    expect(THEME_STORAGE_KEY).toBe('theme');
    expect(readStoredTheme(storage)).toBe('dark');
    expect(readStoredTheme(memoryStorage({ theme: 'sepia' }))).toBeNull();
  });

  it('treats blocked storage as empty', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readStoredTheme(blocked)).toBeNull();
    expect(() => storeTheme(blocked, 'light')).not.toThrow();
  });
});
