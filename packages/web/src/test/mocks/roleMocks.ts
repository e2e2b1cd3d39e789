import type { MeRolesResult } from '@tessera/core';

type Roles = MeRolesResult['roles'];
const pairs = (...list: [string, string][]) => list;

/** Superset's Gamma (facts §5): writes charts and dashboards, reads datasets and databases, has no SQL Lab. */
export const GAMMA_LIKE_ROLES: Roles = {
  Gamma: pairs(
    ['can_read', 'Chart'],
    ['can_write', 'Chart'],
    ['can_export', 'Chart'],
    ['can_read', 'Dashboard'],
    ['can_write', 'Dashboard'],
    ['can_read', 'Dataset'],
    ['can_read', 'Database'],
    ['can_read', 'Annotation'],
  ),
};

/** Superset's sql_lab role: SQL Lab, saved queries and query history. */
export const SQL_LAB_ROLES: Roles = {
  sql_lab: pairs(['can_read', 'SQLLab'], ['can_execute_sql_query', 'SQLLab'], ['can_read', 'SavedQuery'], ['can_read', 'Query'], ['can_read', 'Database']),
};
