/**
 * What the server writes into the page it serves (Superset's `data-bootstrap`): settings the web needs before its
 * first call, such as the feature flags that change what a screen shows.
 */
export interface AppBootstrap {
  common: {
    feature_flags: AppFeatureFlags;
  };
}

/** Superset's feature flag names, as the web reads them. */
export interface AppFeatureFlags {
  /** Dashboards' `roles` field is used (the properties modal shows it). */
  DASHBOARD_RBAC: boolean;
  /** Markdown components show raw HTML as text instead of (sanitised) HTML. */
  ESCAPE_MARKDOWN_HTML: boolean;
  /** Cross-filters exist (always on, as in Superset 5). */
  DASHBOARD_CROSS_FILTERS: boolean;
  /** Chart data of cache misses answers 202 and arrives through async events. */
  GLOBAL_ASYNC_QUERIES: boolean;
}

/** The element of the served page that carries the bootstrap JSON, and its attribute. */
export const APP_BOOTSTRAP_ELEMENT_ID = 'root';
export const APP_BOOTSTRAP_ATTRIBUTE = 'data-bootstrap';
