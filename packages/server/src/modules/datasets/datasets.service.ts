import { randomUUID } from 'node:crypto';
import {
  canAccessDatabase,
  canModifyOwned,
  dataAccessViews,
  type DatasetCreate,
  type DatasetDuplicate,
  type DatasetRelatedObjects,
  type DatasetUpdate,
  type DatasetGetOrCreate,
  type DatasetListItem,
  type DatasetShow,
  type ListQuery,
  ownersToSave,
  type Principal,
} from '@tessera/core';
import { badRequest, catalogueError, forbidden, notFound, unprocessable } from '../../app/httpErrors.js';
import { nowIso } from '../../metadata-store/createMetadataStore.js';
import type { DatabaseRow } from '../databases/databases.repository.js';
import type { DatabasesService } from '../databases/databases.service.js';
import type { RelatedUser } from '../security/relatedUsers.js';
import type { SecurityService } from '../security/security.service.js';
import type { SqlGuard } from '../security/sqlGuard.js';
import { canAccessDataset, datasetScope, datasourceAccessError } from './datasetAccess.js';
import { checkVirtualSql, physicalColumns, qualifiedName, virtualColumns, type InferredColumn } from './datasetColumns.js';
import { selectStarOf } from './datasetSelectStar.js';
import { datasetCriteria } from './datasetListQuery.js';
import type { DatasetJoinedRow, DatasetsRepository } from './datasets.repository.js';
import type { DatasetTable } from '../../metadata-store/datasetSchema.js';
import type { Updateable } from 'kysely';
import { columnPlan, metricPlan, refreshPlan } from './datasetEdit.js';
import { sqlRenderContext } from './datasetRendered.js';
import { toListItem, toShow } from './datasetViews.js';

/** Superset's DatasetExistsValidationError: the `table` field, naming the table as schema.table. */
function datasetExists(schema: string | null, table: string): Error {
  return unprocessable({ table: [`Dataset ${qualifiedName(schema, table)} already exists`] });
}
/**
 * Datasets: create (physical or virtual), get_or_create, show, list, edit, refresh, duplicate, delete.
 * Hook: import/export arrive with the full datasets feature.
 */
export class DatasetsService {
  private readonly changeListeners = new Set<(id: number) => void>();

  constructor(
    private readonly repo: DatasetsRepository,
    private readonly databases: DatabasesService,
    private readonly security: SecurityService,
    private readonly guard: SqlGuard,
  ) {}

  /**
   * Tells `listener` the id of every dataset this process changes or deletes, once the write is done: the
   * chart engine drops what it kept of it, so the next chart run after "Save" uses the new definition.
   */
  onChange(listener: (id: number) => void): void {
    this.changeListeners.add(listener);
  }

  private changed(id: number): void {
    for (const listener of this.changeListeners) listener(id);
  }

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

  /**
   * Superset answers a create with the loaded request (`result=item`: `database` an id, `owners` ids, the
   * schema's defaults filled in), not the stored dataset; clients read the rest with `GET /<pk>`.
   */
  async create(principal: Principal, input: DatasetCreate): Promise<{ id: number; uuid: string; result: DatasetCreate & { owners: number[] } }> {
    const db = await this.database(principal, input.database);
    // An empty schema is no schema (SQL Lab and Superset's tests send ""): the engine's default one is read.
    const schema = input.schema || null;
    if (await this.repo.findByName(db.id, schema, input.table_name)) {
      throw datasetExists(schema, input.table_name);
    }
    const owners = ownersToSave(principal, input.owners, true);
    const known = await this.repo.existingUserIds(owners);
    if (known.length !== new Set(owners).size) throw unprocessable({ owners: ['Owners are invalid'] });
    const virtual = Boolean(input.sql?.trim());
    // A virtual dataset runs arbitrary SQL on the database, so it needs access to the whole database.
    if (virtual && !canAccessDatabase(principal, db)) throw forbidden();
    const handle = await this.databases.handle(db);
    const columns = virtual
      ? await virtualColumns(handle, input.sql!, 'created', sqlRenderContext(input.template_params ?? null), (rendered) =>
          this.guard.assertCanRun(principal, db, schema ?? handle.connector.capabilities.defaultSchema, rendered),
        )
      : await physicalColumns(handle, schema, input.table_name);
    const { id, uuid } = await this.insert(principal, db, { ...input, schema }, columns, [...new Set(owners)]);
    return {
      id,
      uuid,
      result: { ...input, normalize_columns: input.normalize_columns ?? false, always_filter_main_dttm: input.always_filter_main_dttm ?? false, owners: [...new Set(owners)] },
    };
  }

  private async insert(principal: Principal, db: DatabaseRow, input: DatasetCreate, columns: InferredColumn[], owners: number[]): Promise<{ id: number; uuid: string }> {
    const now = nowIso();
    const stamp = { created_on: now, changed_on: now };
    const uuid = randomUUID();
    const id = await this.repo.insert(
      {
        uuid,
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
    return { id, uuid };
  }

  async getOrCreate(principal: Principal, input: DatasetGetOrCreate): Promise<number> {
    const db = await this.database(principal, input.database_id);
    const existing = await this.existingForGetOrCreate(db.id, input.schema || null, input.table_name);
    if (existing) return existing;
    const created = await this.create(principal, {
      database: db.id,
      table_name: input.table_name,
      schema: input.schema || null,
      catalog: input.catalog ?? null,
      template_params: input.template_params ?? null,
      normalize_columns: input.normalize_columns,
      always_filter_main_dttm: input.always_filter_main_dttm,
    });
    return created.id;
  }

  /**
   * With a schema, the dataset of that schema. Without one, a caller that does not know schemas (SQL Lab's CTAS
   * "Explore") must still find the dataset stored under one, as Superset's name-only lookup does; when several
   * schemas hold that name there is no right answer, so the caller is asked to say which.
   */
  private async existingForGetOrCreate(databaseId: number, schema: string | null, tableName: string): Promise<number | null> {
    if (schema !== null) return (await this.repo.findByName(databaseId, schema, tableName))?.id ?? null;
    const ids = await this.repo.idsByName(databaseId, tableName);
    if (ids.length > 1) {
      throw badRequest(`More than one dataset is named ${tableName} in this database. Specify the 'schema' field to choose one.`);
    }
    return ids[0] ?? null;
  }

  private async visible(principal: Principal, id: number): Promise<DatasetJoinedRow> {
    const row = await this.repo.findById(id);
    if (!row || !canAccessDataset(principal, row)) throw notFound();
    return row;
  }

  /** The dataset when it exists and the caller may see it (charts and explore check datasources with this). */
  async findVisible(principal: Principal, id: number): Promise<DatasetJoinedRow | null> {
    const row = await this.repo.findById(id);
    return row && canAccessDataset(principal, row) ? row : null;
  }

  /**
   * The datasource guard of explore: null when the dataset does not exist, the row when the caller may
   * query it, otherwise Superset's 403 (DATASOURCE_SECURITY_ACCESS_ERROR).
   */
  async readable(principal: Principal, id: number): Promise<DatasetJoinedRow | null> {
    const row = await this.repo.findById(id);
    if (!row) return null;
    if (!canAccessDataset(principal, row)) throw datasourceAccessError(row);
    return row;
  }


  async show(principal: Principal, id: number): Promise<DatasetShow> {
    const row = await this.visible(principal, id);
    const [columns, metrics, owners] = await Promise.all([this.repo.columnsOf(id), this.repo.metricsOf(id), this.repo.ownersOf([id])]);
    return toShow(row, { columns, metrics, owners, selectStar: selectStarOf(row, columns) });
  }

  async list(principal: Principal, q: ListQuery): Promise<{ rows: DatasetListItem[]; count: number }> {
    const { rows, count } = await this.repo.list(datasetCriteria(q, datasetScope(principal)));
    const owners = await this.repo.ownersOf(rows.map((r) => r.id));
    const now = Date.now();
    return { rows: rows.map((r) => toListItem(r, owners, now)), count };
  }

  async delete(principal: Principal, id: number): Promise<void> {
    await this.deleteMany(principal, [id]);
  }

  /** All or nothing: a missing dataset is a 404, one the caller does not own a 403, and nothing is deleted. */
  async deleteMany(principal: Principal, ids: number[]): Promise<number> {
    const unique = [...new Set(ids)];
    const rows: DatasetJoinedRow[] = [];
    for (const id of unique) rows.push(await this.owned(principal, id));
    for (const row of rows) {
      await this.repo.delete(row.id);
      this.changed(row.id);
      await this.security.removeView(dataAccessViews.datasource(row.database_name, row.table_name, row.id));
    }
    return rows.length;
  }

  /** Whether a dataset exists at all, to tell "gone" from "not yours" (explore answers 404 vs 403). */
  async exists(id: number): Promise<boolean> {
    return (await this.repo.findById(id)) !== null;
  }

  private async owned(principal: Principal, id: number): Promise<DatasetJoinedRow> {
    const row = await this.visible(principal, id);
    await this.assertOwner(principal, id);
    return row;
  }

  private async assertOwner(principal: Principal, id: number): Promise<void> {
    const owners = (await this.repo.ownersOf([id])).map((o) => o.id);
    // Superset answers DatasetForbiddenError with a bare response_403: `{"message": "Forbidden"}`.
    if (!canModifyOwned(principal, owners)) throw forbidden();
  }

  /** Superset answers an edit with the loaded request (`result=item`), owners as the ids saved; clients re-read with GET. */
  async update(principal: Principal, id: number, input: DatasetUpdate, overrideColumns: boolean): Promise<DatasetUpdate> {
    const row = await this.owned(principal, id);
    // No connector switches catalogs (allow_multi_catalog is false), so only the default one (none) or the stored one is valid.
    if (input.catalog != null && input.catalog !== row.catalog) throw unprocessable({ catalog: ['Only the default catalog is supported for this connection'] });
    const tableName = input.table_name ?? row.table_name;
    const schema = input.schema !== undefined ? input.schema || null : row.schema;
    const sql = input.sql !== undefined ? input.sql : row.sql;
    const target = await this.repointTarget(principal, row, input.database_id, { table_name: tableName, schema, sql });
    if (tableName !== row.table_name || schema !== row.schema || target.id !== row.database_id) {
      const clash = await this.repo.findByName(target.id, schema, tableName);
      if (clash && clash.id !== id) throw datasetExists(schema, tableName);
    }
    let owners: number[] | null = null;
    if (input.owners !== undefined) {
      owners = ownersToSave(principal, input.owners, false);
      if ((await this.repo.existingUserIds(owners)).length !== owners.length) throw unprocessable({ owners: ['Owners are invalid'] });
    }
    // Superset refreshes from the source after an override_columns edit (the editor's "Sync columns from source"):
    // the source is read first, so a source that cannot be read refuses the edit instead of half-applying it.
    const templateParams = input.template_params !== undefined ? input.template_params : row.template_params;
    const next = { database_id: target.id, sql, schema, table_name: tableName, template_params: templateParams };
    await this.assertWrittenSql(principal, id, row, input, next);
    const source = overrideColumns ? await this.sourceColumns(principal, next, 'updated') : null;
    const now = nowIso();
    const columns = input.columns ? columnPlan(await this.repo.columnsOf(id), input.columns, overrideColumns, now) : null;
    const metrics = input.metrics ? metricPlan(await this.repo.metricsOf(id), input.metrics, now) : null;
    const { columns: _c, metrics: _m, owners: _o, database_id: _d, folders: _f, ...fields } = input;
    const values: Updateable<DatasetTable> = { changed_on: now, changed_by_fk: principal.id };
    for (const [key, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      (values as Record<string, unknown>)[key] = typeof value === 'boolean' ? (value ? 1 : 0) : value;
    }
    if (input.sql !== undefined) values.sql = input.sql?.trim() ? input.sql : null;
    if (input.schema !== undefined) values.schema = schema;
    // The new connection's default catalog is none: no connector switches catalogs.
    if (target.id !== row.database_id) Object.assign(values, { database_id: target.id, catalog: null });
    await this.repo.update(id, values, { columns, metrics, owners });
    if (source) await this.repo.update(id, {}, { columns: refreshPlan(await this.repo.columnsOf(id), source, now), metrics: null, owners: null });
    this.changed(id);
    // The dataset's access permission names its database and table: grants follow it to the new names.
    const before = dataAccessViews.datasource(row.database_name, row.table_name, id);
    const after = dataAccessViews.datasource(target.database_name, tableName, id);
    if (after !== before) await this.security.renameView('datasource_access', before, after);
    return owners === null ? input : { ...input, owners };
  }

  /**
   * SQL an edit writes (new, re-parameterised or moved virtual SQL; new or changed metric and calculated-column
   * expressions) is checked as SQL Lab checks SQL, before it is saved: charts run it for every viewer, so an owner
   * without the whole database reads no other table through it, and nobody stores a disallowed function.
   */
  private async assertWrittenSql(
    principal: Principal,
    id: number,
    row: DatasetJoinedRow,
    input: DatasetUpdate,
    next: { database_id: number; sql: string | null; schema: string | null; template_params: string | null },
  ): Promise<void> {
    const sqlChanged = Boolean(next.sql?.trim()) && (next.sql !== row.sql || next.template_params !== row.template_params || next.database_id !== row.database_id);
    const storedMetrics = new Map((input.metrics ? await this.repo.metricsOf(id) : []).map((m) => [m.id, m.expression]));
    const storedColumns = new Map((input.columns ? await this.repo.columnsOf(id) : []).map((c) => [c.id, c.expression]));
    const written = (items: { id?: number | undefined; expression?: string | null | undefined }[], stored: Map<number, string | null>) =>
      items.flatMap((item) => (item.expression?.trim() && (item.id === undefined || stored.get(item.id) !== item.expression) ? [item.expression] : []));
    const expressions = [...written(input.metrics ?? [], storedMetrics), ...written(input.columns ?? [], storedColumns)];
    if (!sqlChanged && expressions.length === 0) return;
    const db = await this.database(principal, next.database_id);
    // Charts render templates with each request's values (filter_values, url_param ...): the tables such SQL reads
    // are only known then, so only users who may read the whole database write it.
    if (!canAccessDatabase(principal, db) && [sqlChanged ? next.sql! : '', ...expressions].some((text) => /\{\{|\{%/.test(text))) {
      throw catalogueError(403, 'TABLE_SECURITY_ACCESS_ERROR', 'You need access to the whole database to write templated SQL: the tables it reads depend on each chart request.');
    }
    const handle = await this.databases.handle(db);
    const check = (text: string) => this.guard.assertCanRun(principal, db, next.schema ?? handle.connector.capabilities.defaultSchema, text);
    if (sqlChanged) await checkVirtualSql(handle, next.sql!, sqlRenderContext(next.template_params), check);
    // Embedded as the compiler embeds them, `(expression)`, so text closing the bracket early is read as it would run.
    for (const expression of expressions) await check(`SELECT (${expression})`);
  }

  /**
   * The database a PUT points the dataset at (Superset lets owners repoint a dataset): another one must exist for
   * the caller, who must also be able to read the dataset's source there, as when creating it.
   */
  private async repointTarget(
    principal: Principal,
    row: DatasetJoinedRow,
    databaseId: number | undefined,
    next: { table_name: string; schema: string | null; sql: string | null },
  ): Promise<{ id: number; database_name: string }> {
    if (databaseId === undefined || databaseId === row.database_id) return { id: row.database_id, database_name: row.database_name };
    const db = await this.database(principal, databaseId);
    const readable = next.sql?.trim()
      ? canAccessDatabase(principal, db)
      : canAccessDataset(principal, { id: -1, table_name: next.table_name, schema: next.schema, database_id: db.id, database_name: db.database_name });
    if (!readable) throw unprocessable({ sql: [datasourceAccessError({ table_name: next.table_name }).message] });
    return db;
  }

  /**
   * `DELETE /<pk>/column/<column_id>` and `/<pk>/metric/<metric_id>` (Superset's DeleteDatasetColumn/MetricCommand):
   * a column or metric of another dataset, or none, is a 404; only owners (and admins) may delete.
   */
  async deleteChild(principal: Principal, id: number, kind: 'column' | 'metric', childId: number): Promise<void> {
    await this.visible(principal, id);
    const children = kind === 'column' ? await this.repo.columnsOf(id) : await this.repo.metricsOf(id);
    if (!children.some((c) => c.id === childId)) throw notFound();
    await this.assertOwner(principal, id);
    const plan = { insert: [], update: [], remove: [childId] };
    await this.repo.update(id, {}, { columns: kind === 'column' ? plan : null, metrics: kind === 'metric' ? plan : null, owners: null });
    this.changed(id);
  }

  /** The columns at the source: the table's metadata, or the virtual dataset's query run for one row. */
  private async sourceColumns(
    principal: Principal,
    ds: { database_id: number; sql: string | null; schema: string | null; table_name: string; template_params: string | null },
    action: 'created' | 'updated',
  ): Promise<InferredColumn[]> {
    const db = await this.database(principal, ds.database_id);
    const handle = await this.databases.handle(db);
    if (!ds.sql?.trim()) return physicalColumns(handle, ds.schema, ds.table_name);
    // Re-reading columns runs the SQL again: no disallowed function runs (its tables were checked when it was written).
    return virtualColumns(handle, ds.sql, action, sqlRenderContext(ds.template_params), (rendered) => this.guard.assertAllowedFunctions(db.backend, rendered));
  }

  /** Re-reads the columns from the source and applies them (Superset's RefreshDatasetCommand). */
  async refresh(principal: Principal, id: number): Promise<void> {
    const row = await this.owned(principal, id);
    const source = await this.sourceColumns(principal, row, 'updated');
    const now = nowIso();
    await this.repo.update(id, { changed_on: now, changed_by_fk: principal.id }, { columns: refreshPlan(await this.repo.columnsOf(id), source, now), metrics: null, owners: null });
    this.changed(id);
  }

  /**
   * Superset duplicates virtual datasets only: a physical one would name the same table twice.
   * It answers `{id, result}` with the request (`base_model_id`, `table_name`) as the result.
   */
  async duplicate(principal: Principal, input: DatasetDuplicate): Promise<{ id: number; result: DatasetDuplicate }> {
    // Superset validates the base like any other field: a missing (or hidden) one is a 422, not a 404.
    const base = await this.findVisible(principal, input.base_model_id);
    if (!base) throw unprocessable({ base_model_id: ['Dataset does not exist'] });
    if (!base.sql?.trim()) throw unprocessable({ base_model_id: ['Only virtual datasets can be duplicated'] });
    if (await this.repo.findByName(base.database_id, base.schema, input.table_name)) {
      throw datasetExists(base.schema, input.table_name);
    }
    const [columns, metrics] = await Promise.all([this.repo.columnsOf(base.id), this.repo.metricsOf(base.id)]);
    const now = nowIso();
    const stamp = { created_on: now, changed_on: now };
    const { id: _id, uuid: _uuid, database_name: _dn, backend: _b, created_by_first_name: _1, created_by_last_name: _2, changed_by_first_name: _3, changed_by_last_name: _4, ...copy } = base;
    const id = await this.repo.insert(
      { ...copy, uuid: randomUUID(), table_name: input.table_name, created_by_fk: principal.id, changed_by_fk: principal.id, ...stamp },
      columns.map(({ id: _i, table_id: _t, ...c }) => ({ ...c, uuid: randomUUID(), ...stamp })),
      metrics.map(({ id: _i, table_id: _t, ...m }) => ({ ...m, uuid: randomUUID(), ...stamp })),
      principal.id === null ? [] : [principal.id],
    );
    await this.security.registerPermission('datasource_access', dataAccessViews.datasource(base.database_name, input.table_name, id));
    return { id, result: { base_model_id: input.base_model_id, table_name: input.table_name } };
  }

  async relatedObjects(principal: Principal, id: number): Promise<DatasetRelatedObjects> {
    await this.visible(principal, id);
    const { charts, dashboards } = await this.repo.relatedObjects(id);
    return { charts: { count: charts.length, result: charts }, dashboards: { count: dashboards.length, result: dashboards } };
  }

  /** FAB's `distinct/<col>` (Superset allows `schema` and `catalog`): values containing `filter`, any case. */
  async distinct(principal: Principal, column: 'schema' | 'catalog', filter: string): Promise<string[]> {
    const values = await this.repo.distinctValues(column, datasetScope(principal));
    const needle = filter.toLowerCase();
    return needle ? values.filter((v) => v.toLowerCase().includes(needle)) : values;
  }

  relatedOwners(filter: string): Promise<RelatedUser[]> {
    return this.repo.users(filter);
  }

  /**
   * Databases the caller may pick a dataset from (the dataset list's database filter), as FAB's related options:
   * `extra` is empty for every relation but owners (Superset's extra_fields_rel_fields).
   */
  async relatedDatabases(principal: Principal, filter: string, page: number, pageSize: number): Promise<{ count: number; result: { value: number; text: string; extra: Record<string, never> }[] }> {
    const { rows, count } = await this.databases.list(principal, {
      filters: filter ? [{ col: 'database_name', opr: 'ct', value: filter }] : [],
      order_column: 'database_name',
      order_direction: 'asc',
      page,
      page_size: pageSize,
    });
    return { count, result: rows.map((d) => ({ value: d.id, text: d.database_name, extra: {} })) };
  }
}
