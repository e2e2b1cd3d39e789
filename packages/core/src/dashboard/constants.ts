/** Dashboard and grid constants (spec charts-dashboards-reports.md §9, facts §4.3/§4.4). */

/** Height unit of the grid in px: chart and markdown heights are counted in these. */
export const GRID_BASE_UNIT = 8;
export const GRID_COLUMN_COUNT = 12;
export const GRID_GUTTER_SIZE = 16;
export const GRID_MIN_COLUMN_COUNT = 1;
export const GRID_MIN_ROW_UNITS = 5;
export const GRID_MAX_ROW_UNITS = 100;
export const GRID_DEFAULT_CHART_WIDTH = 4;
export const GRID_DEFAULT_CHART_HEIGHT = 50;
export const GRID_DEFAULT_MARKDOWN_HEIGHT = 50;
/** `position_json` may hold at most this many characters (DASHBOARD_POSITION_DATA_LIMIT). */
export const DASHBOARD_POSITION_DATA_LIMIT = 65535;
/** Undo keeps this many layout steps; the undo state holds two more (present and the overflow marker). */
export const UNDO_LIMIT = 50;
export const UNDO_STATE_SIZE = 52;
/** Staggered refresh: at least this many ms between the first and last chart of a refresh. */
export const STAGGER_TIME_MIN_MS = 5000;
export const NATIVE_FILTER_REMOVAL_DELAY_MS = 5000;
export const NEW_HEADER_TEXT = 'New header';
export const NEW_TAB_TEXT = 'New tab';
export const NEW_MARKDOWN_TEXT = '# Markdown\n\nClick here to edit [markdown](https://en.wikipedia.org/wiki/Markdown)';

/** Auto-refresh choices in seconds, 0 = "Don't refresh" (DASHBOARD_AUTO_REFRESH_INTERVALS). */
export const DASHBOARD_AUTO_REFRESH_INTERVALS: readonly (readonly [number, string])[] = [
  [0, "Don't refresh"],
  [10, '10 seconds'],
  [30, '30 seconds'],
  [60, '1 minute'],
  [300, '5 minutes'],
  [1800, '30 minutes'],
  [3600, '1 hour'],
  [21600, '6 hours'],
  [43200, '12 hours'],
  [86400, '24 hours'],
];

/** `standalone` address parameter values (spec §2 display modes). */
export const DASHBOARD_STANDALONE_MODE = { None: 0, HideNav: 1, HideNavAndTitle: 2, Report: 3 } as const;
export type DashboardStandaloneMode = (typeof DASHBOARD_STANDALONE_MODE)[keyof typeof DASHBOARD_STANDALONE_MODE];

/** `uiConfig` address parameter bits (spec §2). */
export const DASHBOARD_UI_CONFIG_BITS = { hideTitle: 1, hideTab: 2, hideNav: 4, hideChartControls: 8 } as const;

/** User-visible dashboard texts (spec §4, §5, §6, §8). `%s` is filled by the caller. */
export const DASHBOARD_MESSAGES = {
  noSpace: 'There is not enough space for this component. Try decreasing its width, or increasing the destination width.',
  topLevelTabIntoNested: 'Can not move top level tab into nested tabs',
  movedFilterScope: 'This chart has been moved to a different filter scope.',
  confirmOverwrite: 'Please confirm the overwrite values.',
  missingChartDefinition: 'Sorry, there is no chart definition associated with the chart trying to be added.',
  undoOverflow: (n: number) =>
    `You have used all ${n} undo slots and will not be able to fully undo subsequent actions. You may save your current state to reset the history.`,
  noEditPermission: 'You do not have permissions to edit this dashboard.',
  noSavePermission: 'You do not have permission to edit this dashboard',
  forbiddenEdit: 'You do not have permission to edit this %s',
  favoriteStatusFailed: 'There was an issue fetching the favorite status of this dashboard.',
  favoriteFailed: 'There was an issue favoriting this dashboard.',
  published: 'This dashboard is now published',
  hidden: 'This dashboard is now hidden',
  unknownError: 'Sorry, an unknown error occurred',
  saveError: 'Sorry, there was an error saving this dashboard: %s',
  saved: 'This dashboard was saved successfully.',
  crossFilterScopingFailed: 'Failed to save cross-filter scoping',
} as const;
