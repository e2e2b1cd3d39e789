import {
  ALL_DATABASE_ACCESS,
  ALL_DATASOURCE_ACCESS,
  ALL_QUERY_ACCESS,
  dataAccessViews,
  type PermissionPair,
} from './catalogue.js';

export interface RoleGrant {
  name: string;
  permissions: readonly PermissionPair[];
}

export interface Principal {
  id: number | null;
  roles: readonly RoleGrant[];
  /** Set for a guest of an embedded dashboard (X-GuestToken): what the token grants beyond its role. */
  guest?: GuestScope;
}

/** What a guest token grants: its dashboards (and their charts and datasets) and its row level security clauses. */
export interface GuestScope {
  /** The embedded uuids the token names that are still embedded. */
  embeddedUuids: readonly string[];
  dashboardIds: readonly number[];
  /** Slugs of those dashboards (the dashboard API takes an id or a slug). */
  dashboardSlugs: readonly string[];
  chartIds: readonly number[];
  datasetIds: readonly number[];
  /** Clauses ANDed into every query of the guest; a rule without `dataset` applies to every dataset. */
  rls: readonly { dataset?: number | undefined; clause: string }[];
}

/** Admin is any role whose lower-cased name is 'admin' (spec §6). */
export function isAdmin(principal: Principal): boolean {
  return principal.roles.some((r) => r.name.toLowerCase() === 'admin');
}

export function hasPermission(principal: Principal, permission: string, view: string): boolean {
  if (isAdmin(principal)) return true;
  return principal.roles.some((r) => r.permissions.some(([p, v]) => p === permission && v === view));
}

const has = (principal: Principal, pair: PermissionPair) => hasPermission(principal, pair[0], pair[1]);

export function canAccessAllDatabases(principal: Principal): boolean {
  return has(principal, ALL_DATABASE_ACCESS);
}

export function canAccessDatabase(principal: Principal, db: { id: number; database_name: string }): boolean {
  return (
    canAccessAllDatabases(principal) ||
    has(principal, ALL_DATASOURCE_ACCESS) ||
    hasPermission(principal, 'database_access', dataAccessViews.database(db.database_name, db.id))
  );
}

export function canAccessSchema(
  principal: Principal,
  db: { id: number; database_name: string },
  schema: string,
): boolean {
  return (
    canAccessDatabase(principal, db) ||
    hasPermission(principal, 'schema_access', dataAccessViews.schema(db.database_name, schema))
  );
}

/** True when the principal may see at least something inside the database (a schema or a datasource grant). */
export function hasAnyAccessInDatabase(principal: Principal, db: { id: number; database_name: string }): boolean {
  if (canAccessDatabase(principal, db)) return true;
  const prefix = `[${db.database_name}].[`;
  return principal.roles.some((r) =>
    r.permissions.some(([p, v]) => (p === 'schema_access' || p === 'datasource_access') && v.startsWith(prefix)),
  );
}

export function canSeeAllQueries(principal: Principal): boolean {
  return has(principal, ALL_QUERY_ACCESS);
}

/**
 * The owners to store when an object is saved with `given` owners (Superset's populate_owner_list): a create
 * with none names the saver; a non-admin who saves always stays an owner, so nobody locks themselves out of
 * what they edit; an admin's list is kept as given.
 */
export function ownersToSave(principal: Principal, given: readonly number[] | undefined, creating: boolean): number[] {
  const owners = new Set(given ?? []);
  if (principal.id !== null && ((creating && owners.size === 0) || !isAdmin(principal))) owners.add(principal.id);
  return [...owners];
}

/** Owners or admins may change an object (facts §5 ownership). */
export function canModifyOwned(principal: Principal, ownerIds: readonly number[]): boolean {
  return isAdmin(principal) || (principal.id !== null && ownerIds.includes(principal.id));
}

/**
 * Table-level access (Superset's raise_for_access on a query's tables): database or schema access, or a
 * datasource grant on a dataset of that table.
 */
export function canAccessTable(principal: Principal, db: { id: number; database_name: string }, schema: string | null, table: string): boolean {
  if (canAccessDatabase(principal, db)) return true;
  if (schema !== null && canAccessSchema(principal, db, schema)) return true;
  const prefix = `[${db.database_name}].[${table}](id:`;
  return isAdmin(principal) || principal.roles.some((r) => r.permissions.some(([p, v]) => p === 'datasource_access' && v.startsWith(prefix)));
}

/** Superset's message for TABLE_SECURITY_ACCESS_ERROR. */
export function tableAccessMessage(tables: readonly string[]): string {
  return `You need access to the following tables: ${tables.map((t) => `\`${t}\``).join(', ')},\n\`all_database_access\` or \`all_datasource_access\` permission`;
}
