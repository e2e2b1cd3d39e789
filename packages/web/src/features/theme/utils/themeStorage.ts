export type ThemeMode = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'tessera.theme';

/** The stored theme, else the system preference, else light. */
export function readStoredTheme(): ThemeMode {
  try {
    const stored = globalThis.localStorage?.getItem(THEME_STORAGE_KEY);
    if (stored === 'light' || stored === 'dark') return stored;
  } catch {
    // storage unavailable (privacy mode)
  }
  const prefersDark = typeof globalThis.matchMedia === 'function' && globalThis.matchMedia('(prefers-color-scheme: dark)').matches;
  return prefersDark ? 'dark' : 'light';
}

export function storeTheme(mode: ThemeMode): void {
  try {
    globalThis.localStorage?.setItem(THEME_STORAGE_KEY, mode);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
}
