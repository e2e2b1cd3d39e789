import { userRef, type RlsFilterType, type RlsListItem, type RlsResult, type RlsRoleRef, type RlsShow, type RlsTableRef } from '@tessera/core';
import { humanizeDelta } from '../databases/humanizeDelta.js';
import type { RlsJoinedRow, RlsRow } from './rowLevelSecurity.repository.js';

/** Rows → Superset's RLSRestApi shapes. */

export const RLS_SHOW_COLUMNS = ['name', 'description', 'filter_type', 'tables.id', 'tables.schema', 'tables.table_name', 'roles.id', 'roles.name', 'group_key', 'clause'];
export const RLS_LIST_COLUMNS = [
  'id',
  'name',
  'filter_type',
  'tables.id',
  'tables.table_name',
  'roles.id',
  'roles.name',
  'clause',
  'changed_on_delta_humanized',
  'changed_by.first_name',
  'changed_by.last_name',
  'changed_by.id',
  'group_key',
];

export interface RlsLinks {
  tables: Map<number, RlsTableRef[]>;
  roles: Map<number, RlsRoleRef[]>;
}

export function toRlsShow(row: RlsRow, links: RlsLinks): RlsShow {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    filter_type: row.filter_type as RlsFilterType,
    tables: links.tables.get(row.id) ?? [],
    roles: links.roles.get(row.id) ?? [],
    group_key: row.group_key,
    clause: row.clause,
  };
}

export function toRlsListItem(row: RlsJoinedRow, links: RlsLinks, now = Date.now()): RlsListItem {
  return {
    ...toRlsShow(row, links),
    changed_on: row.changed_on,
    changed_on_delta_humanized: humanizeDelta(row.changed_on, now),
    changed_by: userRef(row.changed_by_fk, row.changed_by_first_name, row.changed_by_last_name),
  };
}

/** What POST and PUT echo, as FAB does: the stored fields, datasets and roles as ids. */
export function toRlsResult(show: RlsShow): RlsResult {
  return {
    name: show.name,
    description: show.description,
    filter_type: show.filter_type,
    tables: show.tables.map((t) => t.id),
    roles: show.roles.map((r) => r.id),
    group_key: show.group_key,
    clause: show.clause,
  };
}
