import type { Query, SqlLabConf } from '../state/types';

/** Warning shown above results that were cut by a limit (Superset's wording). */
export function limitMessage(query: Query, conf: SqlLabConf): string | null {
  const rows = query.rows ?? query.results?.rowCount ?? 0;
  if (query.results?.displayLimitReached) {
    return `The number of results displayed is limited to ${conf.DISPLAY_MAX_ROW}. Please add additional limits/filters or download to csv to see more rows up to the ${conf.SQL_MAX_ROW} limit.`;
  }
  switch (query.limitingFactor) {
    case 'DROPDOWN':
      return `The number of results displayed is limited to ${rows} by the limit dropdown.`;
    case 'QUERY':
      return `The number of results displayed is limited to ${rows} by the query.`;
    case 'QUERY_AND_DROPDOWN':
      return `The number of results displayed is limited to ${rows} by the query and limit dropdown.`;
    default:
      return null;
  }
}
