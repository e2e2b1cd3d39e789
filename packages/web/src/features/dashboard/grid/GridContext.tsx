import { createContext, useContext } from 'react';

/** How the grid is drawn, for every component below it. */
export interface GridSettings {
  /** Width of the grid in px; component widths come from it and their column units. */
  containerWidth: number;
  editMode: boolean;
  /** Report mode (`standalone=3`): every chart is visible (queries) at once. */
  reportMode: boolean;
  /** Markdown shows raw HTML as text instead of sanitised HTML. */
  escapeMarkdownHtml: boolean;
}

export const GridContext = createContext<GridSettings>({ containerWidth: 0, editMode: false, reportMode: false, escapeMarkdownHtml: false });

export const useGridSettings = () => useContext(GridContext);

/** False inside a tab that is not shown (charts there do not query). */
export const TabVisibleContext = createContext(true);

export const useTabVisible = () => useContext(TabVisibleContext);
