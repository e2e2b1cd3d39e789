import { createContext, useContext } from 'react';

/** What the dashboard page tells every chart holder about how the page is shown. */
export interface ChartHolderSettings {
  /** No chart header menu and no right-click menu (uiConfig bit 8, report mode `standalone=3`). */
  hideChartControls: boolean;
  /** Report mode (`standalone=3`): a headless browser takes the page's picture; no menus or hover tools. */
  reportMode: boolean;
  /** The page's `force=true`: the first run of each chart bypasses the cache (later ones follow chartRefresh). */
  forceFirstLoad: boolean;
}

export const DEFAULT_CHART_HOLDER_SETTINGS: ChartHolderSettings = { hideChartControls: false, reportMode: false, forceFirstLoad: false };

/** The page provides it (`<ChartHolderContext value={...}>`); holders outside a page get the defaults. */
export const ChartHolderContext = createContext<ChartHolderSettings>(DEFAULT_CHART_HOLDER_SETTINGS);

export const useChartHolderSettings = () => useContext(ChartHolderContext);
