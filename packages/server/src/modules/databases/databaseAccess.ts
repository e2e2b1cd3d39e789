import {
  ALL_DATABASE_ACCESS,
  ALL_DATASOURCE_ACCESS,
  canAccessDatabase,
  canAccessSchema,
  hasAnyAccessInDatabase,
  hasPermission,
  type Principal,
} from '@tessera/core';
import type { DatabaseScope } from './databases.repository.js';

const DATABASE_VIEW = /^\[(.*)\]\.\(id:(\d+)\)$/;
const OBJECT_VIEW = /^\[(.*?)\]\.\[/;

/**
 * Which databases a principal may see, as a filter the repository can apply (Superset's DatabaseFilter):
 * all of them with global access, else those granted by database_access plus those holding a granted
 * schema or table. Must agree with core's hasAnyAccessInDatabase, which show and metadata use.
 */
export function databaseScope(principal: Principal): DatabaseScope {
  if (hasPermission(principal, ...ALL_DATABASE_ACCESS) || hasPermission(principal, ...ALL_DATASOURCE_ACCESS)) return 'all';
  const databases: { id: number; name: string }[] = [];
  const names = new Set<string>();
  for (const role of principal.roles) {
    for (const [perm, view] of role.permissions) {
      if (perm === 'database_access') {
        const m = DATABASE_VIEW.exec(view);
        if (m?.[1] !== undefined && m[2]) databases.push({ id: Number(m[2]), name: m[1] });
      } else if (perm === 'schema_access' || perm === 'datasource_access') {
        const m = OBJECT_VIEW.exec(view);
        if (m?.[1] !== undefined) names.add(m[1]);
      }
    }
  }
  return { databases, names: [...names] };
}

export type DatabaseRef = { id: number; database_name: string };

export const canSeeDatabase = (principal: Principal, db: DatabaseRef): boolean => hasAnyAccessInDatabase(principal, db);

export const canUseWholeDatabase = (principal: Principal, db: DatabaseRef): boolean => canAccessDatabase(principal, db);

/**
 * Schemas visible without database access: those granted by schema_access.
 * Hook: table grants (datasource_access) also make their schema visible once datasets record it.
 */
export function visibleSchemas(principal: Principal, db: DatabaseRef, schemas: string[]): string[] {
  if (canAccessDatabase(principal, db)) return schemas;
  return schemas.filter((s) => canAccessSchema(principal, db, s));
}
