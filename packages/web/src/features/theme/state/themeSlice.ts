import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readStoredTheme, type ThemeMode } from '../utils/themeStorage';

export interface ThemeState {
  mode: ThemeMode;
}

export const themeSlice = createSlice({
  name: 'theme',
  initialState: (): ThemeState => ({ mode: readStoredTheme() }),
  reducers: {
    setThemeMode(state, action: PayloadAction<ThemeMode>) {
      state.mode = action.payload;
    },
  },
  selectors: {
    selectThemeMode: (state) => state.mode,
  },
});

export const { setThemeMode } = themeSlice.actions;
export const { selectThemeMode } = themeSlice.selectors;
