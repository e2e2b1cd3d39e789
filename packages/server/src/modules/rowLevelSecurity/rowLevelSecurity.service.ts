import type { ListQuery, Principal, RlsCreate, RlsListItem, RlsRoleRef, RlsShow, RlsUpdate, RowLevelSecurityGroups } from '@tessera/core';
import { notFound, unprocessable } from '../../app/httpErrors.js';
import { nowIso } from '../../metadata-store/createMetadataStore.js';
import { rlsCriteria } from './rlsListQuery.js';
import { toRlsListItem, toRlsShow } from './rlsViews.js';
import type { RowLevelFilters, SqlLabDatabase } from './rowLevelFilters.js';
import type { RlsChanges, RlsDatasetTable, RowLevelSecurityRepository } from './rowLevelSecurity.repository.js';

/** Superset's messages for the rule commands (422, a plain message as its RLS API answers them). */
export const RLS_MESSAGES = {
  rolesMissing: 'Some roles do not exist',
  datasourceMissing: 'Datasource does not exist',
  createFailed: 'Create failed: a rule with this name already exists',
  updateFailed: 'Update failed: a rule with this name already exists',
} as const;

/** The part of the service the data paths use (chart data, SQL Lab). */
export interface RowLevelSecurityForData {
  /** Rendered predicate groups `viewer` gets on the dataset; empty when no rule applies. */
  forDataset(viewer: Principal, datasetId: number): Promise<RowLevelSecurityGroups>;
  /** Refuses (403) SQL naming a table that has rules for a viewer without access to the whole database. */
  assertSqlLabAllowed(viewer: Principal, db: SqlLabDatabase, defaultSchema: string | null, sql: string): Promise<void>;
}

/** Row level security rules: CRUD with Superset's rules, and the rules as the engine applies them. */
export class RowLevelSecurityService implements RowLevelSecurityForData {
  constructor(
    private readonly repo: RowLevelSecurityRepository,
    private readonly filters: RowLevelFilters,
  ) {}

  forDataset(viewer: Principal, datasetId: number): Promise<RowLevelSecurityGroups> {
    return this.filters.forDataset(viewer, datasetId);
  }

  assertSqlLabAllowed(viewer: Principal, db: SqlLabDatabase, defaultSchema: string | null, sql: string): Promise<void> {
    return this.filters.assertSqlLabAllowed(viewer, db, defaultSchema, sql);
  }

  async list(q: ListQuery): Promise<{ rows: RlsListItem[]; count: number }> {
    const { rows, count } = await this.repo.list(rlsCriteria(q));
    const links = await this.repo.linksOf(rows.map((r) => r.id));
    const now = Date.now();
    return { rows: rows.map((r) => toRlsListItem(r, links, now)), count };
  }

  async show(id: number): Promise<RlsShow> {
    const row = await this.repo.find(id);
    if (!row) throw notFound();
    return toRlsShow(row, await this.repo.linksOf([id]));
  }

  /** Roles first, then datasets, as Superset's command validates them. */
  private async checkLinks(tables: readonly number[] | undefined, roles: readonly number[] | undefined): Promise<void> {
    if (roles && (await this.repo.existingRoleIds([...new Set(roles)])).length !== new Set(roles).size) throw unprocessable(RLS_MESSAGES.rolesMissing);
    if (tables && (await this.repo.existingDatasetIds([...new Set(tables)])).length !== new Set(tables).size) throw unprocessable(RLS_MESSAGES.datasourceMissing);
  }

  async create(principal: Principal, input: RlsCreate): Promise<RlsShow> {
    await this.checkLinks(input.tables, input.roles);
    if (await this.repo.nameTaken(input.name, null)) throw unprocessable(RLS_MESSAGES.createFailed);
    const now = nowIso();
    const id = await this.writeNamed(input.name, null, RLS_MESSAGES.createFailed, () => this.repo.insert(
      {
        name: input.name,
        description: input.description ?? null,
        filter_type: input.filter_type,
        group_key: input.group_key ?? null,
        clause: input.clause,
        created_on: now,
        changed_on: now,
        created_by_fk: principal.id,
        changed_by_fk: principal.id,
      },
      [...new Set(input.tables)],
      [...new Set(input.roles)],
    ));
    this.filters.invalidate();
    return this.show(id);
  }

  async update(principal: Principal, id: number, input: RlsUpdate): Promise<RlsShow> {
    if (!(await this.repo.find(id))) throw notFound();
    await this.checkLinks(input.tables, input.roles);
    if (input.name !== undefined && (await this.repo.nameTaken(input.name, id))) throw unprocessable(RLS_MESSAGES.updateFailed);
    const changes: RlsChanges = { changed_on: nowIso(), changed_by_fk: principal.id };
    if (input.name !== undefined) changes.name = input.name;
    if (input.description !== undefined) changes.description = input.description;
    if (input.filter_type !== undefined) changes.filter_type = input.filter_type;
    if (input.group_key !== undefined) changes.group_key = input.group_key;
    if (input.clause !== undefined) changes.clause = input.clause;
    const unique = (ids: number[] | undefined) => (ids ? [...new Set(ids)] : undefined);
    await this.writeNamed(input.name ?? null, id, RLS_MESSAGES.updateFailed, () => this.repo.update(id, changes, unique(input.tables), unique(input.roles)));
    this.filters.invalidate();
    return this.show(id);
  }

  /** A write that a concurrent one with the same name beat to the unique index is the same 422, not a 500. */
  private async writeNamed<T>(name: string | null, exceptId: number | null, message: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (name !== null && (await this.repo.nameTaken(name, exceptId))) throw unprocessable(message);
      throw err;
    }
  }

  /** All or nothing: any id that does not exist makes it a 404 and nothing is deleted. */
  async delete(ids: readonly number[]): Promise<number> {
    const unique = [...new Set(ids)];
    if ((await this.repo.existingIds(unique)).length !== unique.length) throw notFound();
    await this.repo.delete(unique);
    this.filters.invalidate();
    return unique.length;
  }

  relatedTables(filter: string): Promise<RlsDatasetTable[]> {
    return this.repo.relatedTables(filter);
  }

  relatedRoles(filter: string): Promise<RlsRoleRef[]> {
    return this.repo.relatedRoles(filter);
  }
}
