import { describe, expect, it } from 'vitest';
import { BUILTIN_ROLES, dataAccessViews } from './catalogue.js';
import { canAccessDatabase, canAccessSchema, canModifyOwned, canSeeAllQueries, hasAnyAccessInDatabase, hasPermission, isAdmin, type Principal } from './ability.js';

const principal = (id: number | null, ...roles: [string, readonly (readonly [string, string])[]][]): Principal => ({
  id,
  roles: roles.map(([name, permissions]) => ({ name, permissions })),
});
const db = { id: 3, database_name: 'warehouse' };

describe('permission model', () => {
  it('admin is any role named admin, whatever the case', () => {
    expect(isAdmin(principal(1, ['ADMIN', []]))).toBe(true);
    expect(isAdmin(principal(1, ['Administrators', []]))).toBe(false);
    expect(hasPermission(principal(1, ['admin', []]), 'can_write', 'Anything')).toBe(true);
  });

  it('checks permission/view pairs held by any role', () => {
    const p = principal(2, ['Gamma', BUILTIN_ROLES.Gamma], ['sql_lab', BUILTIN_ROLES.sql_lab]);
    expect(hasPermission(p, 'can_write', 'Chart')).toBe(true);
    expect(hasPermission(p, 'can_execute_sql_query', 'SQLLab')).toBe(true);
    expect(hasPermission(p, 'can_write', 'Database')).toBe(false);
    expect(hasPermission(principal(null, ['Public', BUILTIN_ROLES.Public]), 'can_read', 'Chart')).toBe(false);
  });

  it('built-in roles follow Superset: Gamma has no data access and no SQL Lab; Alpha has all data; only Admin sees all queries', () => {
    const gamma = principal(2, ['Gamma', BUILTIN_ROLES.Gamma]);
    const alpha = principal(3, ['Alpha', BUILTIN_ROLES.Alpha]);
    expect(canAccessDatabase(gamma, db)).toBe(false);
    expect(hasPermission(gamma, 'can_execute_sql_query', 'SQLLab')).toBe(false);
    expect(canAccessDatabase(alpha, db)).toBe(true);
    expect(canSeeAllQueries(alpha)).toBe(false);
    expect(hasPermission(alpha, 'can_write', 'User')).toBe(false);
    expect(canSeeAllQueries(principal(1, ['Admin', BUILTIN_ROLES.Admin]))).toBe(true);
  });

  it('database, schema and datasource grants use Superset’s view names', () => {
    const dbGrant = principal(4, ['r', [['database_access', dataAccessViews.database('warehouse', 3)]]]);
    expect(dataAccessViews.database('warehouse', 3)).toBe('[warehouse].(id:3)');
    expect(canAccessDatabase(dbGrant, db)).toBe(true);
    expect(canAccessDatabase(dbGrant, { id: 4, database_name: 'other' })).toBe(false);

    const schemaGrant = principal(5, ['r', [['schema_access', '[warehouse].[sales]']]]);
    expect(canAccessDatabase(schemaGrant, db)).toBe(false);
    expect(canAccessSchema(schemaGrant, db, 'sales')).toBe(true);
    expect(canAccessSchema(schemaGrant, db, 'hr')).toBe(false);
    expect(hasAnyAccessInDatabase(schemaGrant, db)).toBe(true);

    const tableGrant = principal(6, ['r', [['datasource_access', dataAccessViews.datasource('warehouse', 'orders', 9)]]]);
    expect(hasAnyAccessInDatabase(tableGrant, db)).toBe(true);
    expect(hasAnyAccessInDatabase(tableGrant, { id: 8, database_name: 'warehouse2' })).toBe(false);
  });

  it('owners and admins may modify an owned object; others may not', () => {
    expect(canModifyOwned(principal(7, ['Alpha', BUILTIN_ROLES.Alpha]), [7, 8])).toBe(true);
    expect(canModifyOwned(principal(9, ['Alpha', BUILTIN_ROLES.Alpha]), [7, 8])).toBe(false);
    expect(canModifyOwned(principal(9, ['Admin', []]), [7])).toBe(true);
    expect(canModifyOwned(principal(null, ['Public', []]), [])).toBe(false);
  });
});
