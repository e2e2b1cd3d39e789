import { randomUUID } from 'node:crypto';
import {
  canModifyOwned,
  isAdmin,
  type ListQuery,
  type Principal,
  type SavedQueryCreate,
  type SavedQueryListItem,
  type SavedQueryShow,
  type SavedQueryUpdate,
} from '@tessera/core';
import { forbidden, notFound, unprocessable } from '../../app/httpErrors.js';
import { nowIso } from '../../metadata-store/createMetadataStore.js';
import type { DatabasesService } from '../databases/databases.service.js';
import type { SavedQueriesRepository, SavedQueryChanges, SavedQueryJoinedRow, SavedQueryRow } from './savedQueries.repository.js';
import { savedQueryCriteria } from './savedQueryListQuery.js';
import { toListItem, toShow } from './savedQueryViews.js';

const ownersOf = (row: SavedQueryRow) => [row.created_by_fk, row.user_id].filter((x): x is number => x !== null);

/**
 * Saved queries: everyone sees their own, admins see all (Superset's SavedQueryFilter); only the
 * creator or an admin may change or delete one.
 */
export class SavedQueriesService {
  constructor(
    private readonly repo: SavedQueriesRepository,
    private readonly databases: DatabasesService,
  ) {}

  /** null = no restriction. */
  scope(principal: Principal): number | null {
    return isAdmin(principal) ? null : (principal.id ?? -1);
  }

  private async visible(principal: Principal, id: number): Promise<SavedQueryJoinedRow> {
    const row = await this.repo.findById(id);
    const scope = this.scope(principal);
    if (!row || (scope !== null && row.created_by_fk !== scope)) throw notFound();
    return row;
  }

  private async owned(principal: Principal, id: number): Promise<SavedQueryJoinedRow> {
    const row = await this.repo.findById(id);
    if (!row) throw notFound();
    if (!canModifyOwned(principal, ownersOf(row))) throw forbidden();
    return row;
  }

  private async checkDatabase(principal: Principal, id: number): Promise<void> {
    try {
      await this.databases.findVisible(principal, id);
    } catch {
      throw unprocessable({ db_id: ['Database not found.'] });
    }
  }

  async list(principal: Principal, q: ListQuery): Promise<{ rows: SavedQueryListItem[]; count: number }> {
    const { rows, count } = await this.repo.list(savedQueryCriteria(q, this.scope(principal)));
    const now = Date.now();
    return { rows: rows.map((r) => toListItem(r, now)), count };
  }

  async show(principal: Principal, id: number): Promise<SavedQueryShow> {
    return toShow(await this.visible(principal, id));
  }

  async row(principal: Principal, id: number): Promise<SavedQueryJoinedRow> {
    return this.visible(principal, id);
  }

  async create(principal: Principal, input: SavedQueryCreate): Promise<SavedQueryJoinedRow> {
    await this.checkDatabase(principal, input.db_id);
    const now = nowIso();
    const id = await this.repo.insert({
      uuid: randomUUID(),
      user_id: principal.id,
      db_id: input.db_id,
      catalog: input.catalog ?? null,
      schema: input.schema ?? null,
      label: input.label,
      description: input.description ?? '',
      sql: input.sql ?? '',
      template_parameters: input.template_parameters ?? null,
      extra_json: input.extra_json ?? '{}',
      created_on: now,
      changed_on: now,
      created_by_fk: principal.id,
      changed_by_fk: principal.id,
    });
    return (await this.repo.findById(id))!;
  }

  async update(principal: Principal, id: number, input: SavedQueryUpdate): Promise<SavedQueryJoinedRow> {
    await this.owned(principal, id);
    if (input.db_id !== undefined) await this.checkDatabase(principal, input.db_id);
    const changes: SavedQueryChanges = { changed_on: nowIso(), changed_by_fk: principal.id };
    if (input.db_id !== undefined) changes.db_id = input.db_id;
    if (input.label !== undefined) changes.label = input.label;
    if (input.description !== undefined) changes.description = input.description ?? '';
    if (input.catalog !== undefined) changes.catalog = input.catalog;
    if (input.schema !== undefined) changes.schema = input.schema;
    if (input.sql !== undefined) changes.sql = input.sql ?? '';
    if (input.template_parameters !== undefined) changes.template_parameters = input.template_parameters;
    if (input.extra_json !== undefined) changes.extra_json = input.extra_json ?? '{}';
    await this.repo.update(id, changes);
    return (await this.repo.findById(id))!;
  }

  /** Deletes all or nothing: a missing id is 404, someone else's is 403 (as FAB's bulk delete). */
  async delete(principal: Principal, ids: number[]): Promise<number> {
    const unique = [...new Set(ids)];
    const rows = await this.repo.findByIds(unique);
    if (rows.length !== unique.length) throw notFound();
    if (rows.some((r) => !canModifyOwned(principal, ownersOf(r)))) throw forbidden();
    await this.repo.delete(unique);
    return unique.length;
  }

  async distinctSchemas(principal: Principal): Promise<string[]> {
    return this.repo.distinctSchemas(this.scope(principal));
  }

  async creators(principal: Principal) {
    return this.repo.creators(this.scope(principal));
  }
}
