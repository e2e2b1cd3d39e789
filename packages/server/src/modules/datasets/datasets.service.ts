import { randomUUID } from 'node:crypto';
import {
  canAccessDatabase,
  canModifyOwned,
  dataAccessViews,
  type DatasetCreate,
  type DatasetGetOrCreate,
  type DatasetListItem,
  type DatasetShow,
  type ListQuery,
  type Principal,
} from '@tessera/core';
import { forbidden, notFound, unprocessable } from '../../app/httpErrors.js';
import { nowIso } from '../../metadata-store/createMetadataStore.js';
import type { DatabaseRow } from '../databases/databases.repository.js';
import type { DatabasesService } from '../databases/databases.service.js';
import type { SecurityService } from '../security/security.service.js';
import { canAccessDataset, datasetScope } from './datasetAccess.js';
import { physicalColumns, virtualColumns, wrapVirtualSql, type InferredColumn } from './datasetColumns.js';
import { datasetCriteria } from './datasetListQuery.js';
import type { DatasetJoinedRow, DatasetsRepository } from './datasets.repository.js';
import { toListItem, toShow } from './datasetViews.js';

const SELECT_STAR_LIMIT = 100;

/**
 * Datasets as SQL Lab needs them: create (physical or virtual), get_or_create, show, list, delete.
 * Hook: PUT, refresh, duplicate and import/export arrive with the full datasets feature.
 */
export class DatasetsService {
  constructor(
    private readonly repo: DatasetsRepository,
    private readonly databases: DatabasesService,
    private readonly security: SecurityService,
  ) {}

  /** Databases refuse to be deleted while datasets use them. */
  registerGuards(): void {
    this.databases.registerDeleteGuard(async (db) => {
      const n = await this.repo.countByDatabase(db.id);
      if (n === 0) return null;
      return n === 1 ? 'There is 1 dataset associated with this database' : `There are ${n} datasets associated with this database`;
    });
  }

  private async database(principal: Principal, id: number): Promise<DatabaseRow> {
    try {
      return await this.databases.findVisible(principal, id);
    } catch {
      throw unprocessable({ database: ['Database does not exist'] });
    }
  }

  async create(principal: Principal, input: DatasetCreate): Promise<DatasetShow> {
    const db = await this.database(principal, input.database);
    const schema = input.schema ?? null;
    if (await this.repo.findByName(db.id, schema, input.table_name)) {
      throw unprocessable({ table_name: [`Dataset ${input.table_name} already exists`] });
    }
    const owners = input.owners ?? (principal.id === null ? [] : [principal.id]);
    const known = await this.repo.existingUserIds(owners);
    if (known.length !== new Set(owners).size) throw unprocessable({ owners: ['Owners are invalid'] });
    const virtual = Boolean(input.sql?.trim());
    // A virtual dataset runs arbitrary SQL on the database, so it needs access to the whole database.
    if (virtual && !canAccessDatabase(principal, db)) throw forbidden();
    const handle = await this.databases.handle(db);
    const columns = virtual ? await virtualColumns(handle, input.sql!) : await physicalColumns(handle, schema, input.table_name);
    const id = await this.insert(principal, db, { ...input, schema }, columns, [...new Set(owners)]);
    return this.show(principal, id);
  }

  private async insert(principal: Principal, db: DatabaseRow, input: DatasetCreate, columns: InferredColumn[], owners: number[]): Promise<number> {
    const now = nowIso();
    const stamp = { created_on: now, changed_on: now };
    const id = await this.repo.insert(
      {
        uuid: randomUUID(),
        table_name: input.table_name,
        database_id: db.id,
        catalog: input.catalog ?? null,
        schema: input.schema ?? null,
        sql: input.sql?.trim() ? input.sql : null,
        main_dttm_col: columns.find((c) => c.isDttm)?.name ?? null,
        normalize_columns: input.normalize_columns ? 1 : 0,
        always_filter_main_dttm: input.always_filter_main_dttm ? 1 : 0,
        is_sqllab_view: 0,
        filter_select_enabled: 1,
        offset: 0,
        template_params: input.template_params ?? null,
        is_managed_externally: input.is_managed_externally ? 1 : 0,
        external_url: input.external_url ?? null,
        created_by_fk: principal.id,
        changed_by_fk: principal.id,
        ...stamp,
      },
      columns.map((c) => ({ uuid: randomUUID(), column_name: c.name, type: c.type || null, is_dttm: c.isDttm ? 1 : 0, groupby: 1, filterable: 1, is_active: 1, ...stamp })),
      // Every new dataset gets Superset's default metric.
      [{ uuid: randomUUID(), metric_name: 'count', expression: 'COUNT(*)', metric_type: 'count', verbose_name: 'COUNT(*)', ...stamp }],
      owners,
    );
    await this.security.registerPermission('datasource_access', dataAccessViews.datasource(db.database_name, input.table_name, id));
    return id;
  }

  async getOrCreate(principal: Principal, input: DatasetGetOrCreate): Promise<number> {
    const db = await this.database(principal, input.database_id);
    const existing = await this.repo.findByName(db.id, input.schema ?? null, input.table_name);
    if (existing) return existing.id;
    const created = await this.create(principal, {
      database: db.id,
      table_name: input.table_name,
      schema: input.schema ?? null,
      catalog: input.catalog ?? null,
      template_params: input.template_params ?? null,
      normalize_columns: input.normalize_columns,
      always_filter_main_dttm: input.always_filter_main_dttm,
    });
    return created.id;
  }

  private async visible(principal: Principal, id: number): Promise<DatasetJoinedRow> {
    const row = await this.repo.findById(id);
    if (!row || !canAccessDataset(principal, row)) throw notFound();
    return row;
  }

  async show(principal: Principal, id: number): Promise<DatasetShow> {
    const row = await this.visible(principal, id);
    const [columns, metrics, owners] = await Promise.all([this.repo.columnsOf(id), this.repo.metricsOf(id), this.repo.ownersOf([id])]);
    return toShow(row, { columns, metrics, owners, selectStar: await this.selectStar(principal, row) });
  }

  /** Built by the connector (its quoting and limit style); a database that is down leaves it null. */
  private async selectStar(principal: Principal, row: DatasetJoinedRow): Promise<string | null> {
    if (row.sql?.trim()) return wrapVirtualSql(row.sql).replace(/LIMIT 1$/, `LIMIT ${SELECT_STAR_LIMIT}`);
    try {
      // Whoever may see a dataset may see its database (a datasource grant counts as access inside it).
      const handle = await this.databases.handle(await this.databases.findVisible(principal, row.database_id));
      return await handle.selectStar(row.schema ?? handle.connector.capabilities.defaultSchema ?? '', row.table_name, SELECT_STAR_LIMIT);
    } catch {
      return null;
    }
  }

  async list(principal: Principal, q: ListQuery): Promise<{ rows: DatasetListItem[]; count: number }> {
    const { rows, count } = await this.repo.list(datasetCriteria(q, datasetScope(principal)));
    const owners = await this.repo.ownersOf(rows.map((r) => r.id));
    const now = Date.now();
    return { rows: rows.map((r) => toListItem(r, owners, now)), count };
  }

  async delete(principal: Principal, id: number): Promise<void> {
    const row = await this.visible(principal, id);
    const owners = (await this.repo.ownersOf([id])).map((o) => o.id);
    if (!canModifyOwned(principal, owners)) throw forbidden();
    await this.repo.delete(id);
    await this.security.removeView(dataAccessViews.datasource(row.database_name, row.table_name, id));
  }
}
