/**
 * The colour theme: 'system' follows the device; 'light' and 'dark' are remembered in this
 * browser. The HTML shell's <head> script (src/web/index.html) applies the remembered one before
 * the first paint with the same key and attribute (lib/theme.test.ts holds them together).
 */
export type Theme = 'system' | 'light' | 'dark';
export const THEME_KEY = 'theme';

export function storedTheme(): Theme {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

export function setTheme(theme: Theme): void {
  const root = document.documentElement;
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
  try {
    if (theme === 'system') localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Storage refused (a private window): the choice holds for this page only.
  }
}
