import type { Principal } from '@tessera/core';

/**
 * The dashboards service as shared state needs it: a dashboard by id or slug, or the error Superset answers
 * (404 when there is none, 403 when the caller may not see it).
 */
export interface DashboardLookup {
  find(principal: Principal, idOrSlug: string): Promise<{ id: number }>;
}
