import type { AppBootstrap } from '@tessera/core';
import type { AppConfig } from '../../app/config.js';

/** The page's bootstrap: the feature flags the web reads (Superset's `common.feature_flags`). */
export function appBootstrap(config: AppConfig): AppBootstrap {
  return {
    common: {
      feature_flags: {
        DASHBOARD_RBAC: config.charts.dashboardRbac,
        ESCAPE_MARKDOWN_HTML: config.charts.escapeMarkdownHtml,
        DASHBOARD_CROSS_FILTERS: true,
        GLOBAL_ASYNC_QUERIES: config.charts.globalAsyncQueries,
      },
    },
  };
}
