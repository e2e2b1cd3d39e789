export { ThemeProvider } from './components/ThemeProvider';
export { useThemeMode } from './hooks/useThemeMode';
export { themeSlice, setThemeMode, selectThemeMode, type ThemeState } from './state/themeSlice';
export { THEME_STORAGE_KEY, readStoredTheme, type ThemeMode } from './utils/themeStorage';
