import { useCallback } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { selectThemeMode, setThemeMode, type ThemeState } from '../state/themeSlice';
import { storeTheme, type ThemeMode } from '../utils/themeStorage';

/** The current theme and a toggle that also persists the choice in localStorage. */
export function useThemeMode(): { mode: ThemeMode; setMode: (mode: ThemeMode) => void; toggle: () => void } {
  const dispatch = useDispatch();
  const mode = useSelector((state: { theme: ThemeState }) => selectThemeMode(state));
  const setMode = useCallback(
    (next: ThemeMode) => {
      storeTheme(next);
      dispatch(setThemeMode(next));
    },
    [dispatch],
  );
  const toggle = useCallback(() => setMode(mode === 'dark' ? 'light' : 'dark'), [mode, setMode]);
  return { mode, setMode, toggle };
}
