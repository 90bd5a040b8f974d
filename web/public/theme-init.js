// Runs before the app bundle. Must agree with resolveInitialTheme in src/lib/theme.ts:
// the stored choice (localStorage "theme") wins, otherwise the system preference.
(() => {
  let theme = null;
  try {
    theme = window.localStorage.getItem('theme');
  } catch {
    // Storage can be blocked (privacy settings); fall back to the system preference.
  }
  if (theme !== 'light' && theme !== 'dark') {
    theme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
})();
