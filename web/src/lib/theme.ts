/** Light/dark theme rules (docs/product.md §4, §9), kept free of React so they can be unit-tested. */

export type Theme = 'light' | 'dark';

/** localStorage key for the user's explicit choice (docs/product.md §9). public/theme-init.js uses it too. */
export const THEME_STORAGE_KEY = 'theme';

export const DARK_MEDIA_QUERY = '(prefers-color-scheme: dark)';

export function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark';
}

/** The stored preference wins; without one, follow the system's dark-mode preference. */
export function resolveInitialTheme(stored: string | null | undefined, systemPrefersDark: boolean): Theme {
  if (isTheme(stored)) return stored;
  return systemPrefersDark ? 'dark' : 'light';
}

export function readStoredTheme(storage: Pick<Storage, 'getItem'> | undefined): Theme | null {
  try {
    const value = storage?.getItem(THEME_STORAGE_KEY);
    return isTheme(value) ? value : null;
  } catch {
    // Storage access throws when the browser blocks it; behave as if nothing was stored.
    return null;
  }
}

export function storeTheme(storage: Pick<Storage, 'setItem'> | undefined, theme: Theme): void {
  try {
    storage?.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Not persisting is acceptable: the theme still applies for this visit.
  }
}
