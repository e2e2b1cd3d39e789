import { ROUTES } from '../../../routes';

type Pair = readonly [permission: string, view: string];

/**
 * The permission each section's page needs to load (what its first API call checks), so menus and shortcuts
 * show only what the user can open. Gamma, for instance, has no SQL Lab (facts §5).
 */
export const SECTION_PERMISSIONS: Readonly<Record<string, Pair>> = {
  [ROUTES.sqlLab]: ['can_read', 'SQLLab'],
  [ROUTES.savedQueries]: ['can_read', 'SavedQuery'],
  [ROUTES.queryHistory]: ['can_read', 'Query'],
  [ROUTES.charts]: ['can_read', 'Chart'],
  [ROUTES.dashboards]: ['can_read', 'Dashboard'],
  [ROUTES.datasets]: ['can_read', 'Dataset'],
  [ROUTES.databases]: ['can_read', 'Database'],
  [ROUTES.annotationLayers]: ['can_read', 'Annotation'],
};

export type CanCheck = (permission: string, view: string) => boolean;

/** Whether the user may open the section at `route` (routes without a listed permission are open to all). */
export function canOpenSection(can: CanCheck, route: string): boolean {
  const pair = SECTION_PERMISSIONS[route];
  return pair ? can(pair[0], pair[1]) : true;
}
