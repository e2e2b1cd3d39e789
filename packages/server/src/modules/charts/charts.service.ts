import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  canModifyOwned,
  isAdmin,
  type ChartCreate,
  type ChartListItem,
  type ChartShow,
  type ChartUpdate,
  type ListQuery,
  ownersToSave,
  type Principal,
} from '@tessera/core';
import { forbidden, notFound, unprocessable } from '../../app/httpErrors.js';
import { nowIso } from '../../metadata-store/createMetadataStore.js';
import { datasetScope } from '../datasets/datasetAccess.js';
import type { DatasetsService } from '../datasets/datasets.service.js';
import type { RelatedUser } from '../security/relatedUsers.js';
import { chartPermissions, DASHBOARDS_FORBIDDEN } from './chartAccess.js';
import { chartCriteria } from './chartListQuery.js';
import { dashboardDefaultFilters, defaultFilterChartIds, filterConfigsOf, type LegacyExtraFilter } from './dashboardDefaultFilters.js';
import type { ChartsRepository, SliceJoinedRow, SliceUpdate } from './charts.repository.js';
import { toChartListItem, toChartShow, type OnUnreadableParams } from './chartViews.js';
import type { FavoritesRepository } from './favorites.repository.js';

/** What the chart data engine needs of a saved chart. */
export interface ChartForData {
  id: number;
  cache_timeout: number | null;
  query_context: string | null;
  params: string | null;
  datasource_id: number;
  datasource_type: string;
}

/** The thumbnail address a caller sees for a chart (null: none), when thumbnails are on. */
export type ThumbnailUrlOf = (principal: Principal, chart: SliceJoinedRow) => string | null;

/** Dashboard links as the charts service sees them: who may edit each dashboard. */
export interface DashboardEditCheck {
  existing(ids: number[]): Promise<{ id: number; owners: number[] }[]>;
  options(filter: string, userId: number | 'all'): Promise<{ id: number; dashboard_title: string }[]>;
  holding(dashboardId: number, chartId: number): Promise<{ json_metadata: string | null; position_json: string | null } | null>;
}

/**
 * A chart's datasource is a dataset, which Superset's API names `table`, `view`, `dataset` or `sl_table`:
 * all are stored as `table`, the one type every access check resolves.
 */
function storedDatasourceType(type: string): string {
  return type === 'view' || type === 'dataset' || type === 'sl_table' ? 'table' : type;
}

/** Charts: rules, ownership and favorites over the charts repository (facts §2.4). */
export class ChartsService {
  constructor(
    private readonly repo: ChartsRepository,
    private readonly favorites: FavoritesRepository,
    private readonly datasets: DatasetsService,
    private readonly dashboards: DashboardEditCheck,
    private readonly thumbnailUrlOf: ThumbnailUrlOf = () => null,
    private readonly log: Pick<FastifyBaseLogger, 'warn'> | null = null,
  ) {}

  /** A stored chart a list cannot read in full is listed anyway (its params as stored text) and logged. */
  private readonly onUnreadableParams: OnUnreadableParams = (chartId, reason) => {
    this.log?.warn({ chartId }, `chart ${chartId} is listed without its form data: ${reason}`);
  };

  /** For the chart data engine (no access check: it checks the datasource itself). */
  async findForData(chartId: number): Promise<ChartForData | null> {
    const row = await this.repo.findById(chartId);
    if (!row) return null;
    const { id, cache_timeout, query_context, params, datasource_id, datasource_type } = row;
    return { id, cache_timeout, query_context, params, datasource_id, datasource_type };
  }

  /**
   * A chart the caller may see, otherwise 404. The one rule of every chart path (show, explore, data,
   * export, favorites, screenshots, change and delete), and the same as the list's: Superset's ChartFilter.
   */
  async findVisible(principal: Principal, id: number): Promise<SliceJoinedRow> {
    const row = await this.repo.findById(id);
    if (!row) throw notFound();
    if (await this.canSee(principal, row)) return row;
    throw notFound();
  }

  /**
   * Superset's ChartFilter: every chart for a caller with all datasource access, otherwise only charts whose
   * dataset the caller may query. Owning a chart grants nothing more: its form data names the dataset's
   * columns, metrics and SQL. `datasetVisible` lets a caller checking many charts read each dataset's access once.
   */
  private async canSee(principal: Principal, row: SliceJoinedRow, datasetVisible = (id: number) => this.datasets.findVisible(principal, id).then(Boolean)): Promise<boolean> {
    if (isAdmin(principal) || datasetScope(principal) === 'all') return true;
    return row.datasource_type === 'table' && (await datasetVisible(row.datasource_id));
  }

  /**
   * The legacy default filters a dashboard applies to one of its charts (none when it does not hold the chart),
   * for the cache warm-up: Superset's get_dashboard_extra_filters.
   */
  async dashboardDefaultFilters(chartId: number, dashboardId: number): Promise<LegacyExtraFilter[]> {
    const dashboard = await this.dashboards.holding(dashboardId, chartId);
    if (!dashboard) return [];
    const filterCharts = await this.repo.findByIds(defaultFilterChartIds(dashboard.json_metadata));
    const configs = new Map(filterCharts.map((c) => [String(c.id), filterConfigsOf(c.params)]));
    return dashboardDefaultFilters(dashboard, chartId, (id) => configs.get(id) ?? []);
  }

  async ownerIds(id: number): Promise<number[]> {
    return (await this.repo.ownersOf([id])).map((o) => o.id);
  }

  async show(principal: Principal, id: number): Promise<ChartShow> {
    const row = await this.findVisible(principal, id);
    const [owners, dashboards] = await Promise.all([this.repo.ownersOf([id]), this.repo.dashboardsOf([id])]);
    const thumbnailUrl = this.thumbnailUrlOf(principal, row);
    return { ...toChartShow(row, owners, dashboards, Date.now(), thumbnailUrl), ...chartPermissions(principal, owners.map((o) => o.id)) };
  }

  async list(principal: Principal, q: ListQuery): Promise<{ rows: ChartListItem[]; count: number }> {
    const { rows, count } = await this.repo.list(chartCriteria(q, principal, datasetScope(principal)));
    const ids = rows.map((r) => r.id);
    const [owners, dashboards] = await Promise.all([this.repo.ownersOf(ids), this.repo.dashboardsOf(ids)]);
    const now = Date.now();
    return { rows: rows.map((r) => toChartListItem(r, owners, dashboards, now, this.thumbnailUrlOf(principal, r), this.onUnreadableParams)), count };
  }

  /**
   * The datasource must be a dataset that exists and is visible to the caller; its name is stored for lists.
   * A SQL Lab query or saved query is refused by type, as Superset does: a chart saved on one could never be drawn.
   */
  private async datasourceName(principal: Principal, id: number, type: string): Promise<string> {
    if (type !== 'table') throw unprocessable({ datasource_type: ['Datasource type is invalid'] });
    const dataset = await this.datasets.findVisible(principal, id);
    if (!dataset) throw unprocessable({ datasource_id: ['Datasource does not exist'] });
    return dataset.schema ? `${dataset.schema}.${dataset.table_name}` : dataset.table_name;
  }

  private async ownerList(principal: Principal, given: number[] | undefined, creating: boolean): Promise<number[]> {
    const list = ownersToSave(principal, given, creating);
    const known = await this.repo.existingUserIds(list);
    if (known.length !== list.length) throw unprocessable({ owners: ['Owners are invalid'] });
    return list;
  }

  /** Every dashboard the chart joins or leaves must exist and be editable by the caller. */
  private async checkDashboards(principal: Principal, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    const found = await this.dashboards.existing(ids);
    if (found.length !== new Set(ids).size) throw unprocessable({ dashboards: ['Dashboards do not exist'] });
    if (found.some((d) => !canModifyOwned(principal, d.owners))) throw forbidden(DASHBOARDS_FORBIDDEN);
  }

  /** Superset answers the new chart's uuid beside its id: clients that export or link by uuid need no second read. */
  async create(principal: Principal, input: ChartCreate): Promise<{ id: number; uuid: string; result: Record<string, unknown> }> {
    const datasourceType = storedDatasourceType(input.datasource_type);
    const datasourceName = await this.datasourceName(principal, input.datasource_id, datasourceType);
    const owners = await this.ownerList(principal, input.owners, true);
    const dashboards = [...new Set(input.dashboards ?? [])];
    await this.checkDashboards(principal, dashboards);
    const now = nowIso();
    const saved = !input.query_context_generation;
    const uuid = randomUUID();
    const id = await this.repo.insert(
      {
        uuid,
        slice_name: input.slice_name,
        viz_type: input.viz_type,
        params: input.params ?? null,
        query_context: input.query_context ?? null,
        description: input.description ?? null,
        cache_timeout: input.cache_timeout ?? null,
        datasource_id: input.datasource_id,
        datasource_type: datasourceType,
        datasource_name: input.datasource_name ?? datasourceName,
        certified_by: input.certified_by ?? null,
        certification_details: input.certified_by ? (input.certification_details ?? null) : null,
        is_managed_externally: input.is_managed_externally ? 1 : 0,
        external_url: input.external_url ?? null,
        created_on: now,
        changed_on: now,
        created_by_fk: principal.id,
        changed_by_fk: principal.id,
        last_saved_at: saved ? now : null,
        last_saved_by_fk: saved ? principal.id : null,
      },
      owners,
      dashboards,
    );
    const { tags: _tags, query_context_generation: _gen, ...echo } = input;
    return { id, uuid, result: { ...echo, datasource_type: datasourceType, owners, dashboards } };
  }

  async update(principal: Principal, id: number, input: ChartUpdate): Promise<Record<string, unknown>> {
    const row = await this.findVisible(principal, id);
    const currentOwners = await this.ownerIds(id);
    if (!canModifyOwned(principal, currentOwners)) throw forbidden();
    const values: SliceUpdate = {};
    const type = input.datasource_type == null ? row.datasource_type : storedDatasourceType(input.datasource_type);
    if (input.datasource_id != null || input.datasource_type != null) {
      values.datasource_name = await this.datasourceName(principal, input.datasource_id ?? row.datasource_id, type);
      values.datasource_id = input.datasource_id ?? row.datasource_id;
      values.datasource_type = type;
    }
    if (input.slice_name != null) values.slice_name = input.slice_name;
    if (input.viz_type != null) values.viz_type = input.viz_type;
    for (const key of ['params', 'query_context', 'description', 'cache_timeout', 'external_url'] as const) {
      if (input[key] !== undefined) (values as Record<string, unknown>)[key] = input[key];
    }
    if (input.certified_by !== undefined) {
      values.certified_by = input.certified_by || null;
      values.certification_details = input.certified_by ? (input.certification_details ?? row.certification_details) : null;
    } else if (input.certification_details !== undefined && row.certified_by) values.certification_details = input.certification_details;
    if (input.is_managed_externally != null) values.is_managed_externally = input.is_managed_externally ? 1 : 0;
    const owners = input.owners !== undefined ? await this.ownerList(principal, input.owners, false) : null;
    let links: { add: number[]; remove: number[] } | null = null;
    if (input.dashboards !== undefined) {
      const current = new Set((await this.repo.dashboardsOf([id])).map((d) => d.id));
      const wanted = new Set(input.dashboards);
      links = { add: [...wanted].filter((d) => !current.has(d)), remove: [...current].filter((d) => !wanted.has(d)) };
      await this.checkDashboards(principal, [...links.add, ...links.remove]);
    }
    const now = nowIso();
    values.changed_on = now;
    values.changed_by_fk = principal.id;
    if (!input.query_context_generation) {
      values.last_saved_at = now;
      values.last_saved_by_fk = principal.id;
    }
    await this.repo.update(id, values, owners, links);
    const { tags: _tags, query_context_generation: _gen, ...echo } = input;
    return { ...echo, ...(owners ? { owners } : {}) };
  }

  /** All or nothing: one missing chart is a 404, one not owned a 403, and nothing is deleted. */
  async delete(principal: Principal, ids: number[]): Promise<number> {
    const unique = [...new Set(ids)];
    const rows = await this.repo.findByIds(unique);
    if (rows.length !== unique.length) throw notFound();
    const owners = await this.repo.ownersOf(unique);
    for (const row of rows) {
      if (!(await this.canSee(principal, row))) throw notFound();
      if (!canModifyOwned(principal, owners.filter((o) => o.owned_id === row.id).map((o) => o.id))) throw forbidden();
    }
    await this.repo.delete(unique);
    return unique.length;
  }

  /** Superset's favorite_status: 404 when none of the ids is a chart the caller may see; otherwise one answer per id asked. */
  async favoriteStatus(principal: Principal, ids: number[]): Promise<{ id: number; value: boolean }[]> {
    const rows = await this.repo.findByIds(ids);
    // A page of charts mostly shares a few datasets: each dataset's access is read once.
    const datasets = new Map<number, Promise<boolean>>();
    const datasetVisible = (id: number) => {
      if (!datasets.has(id)) datasets.set(id, this.datasets.findVisible(principal, id).then(Boolean));
      return datasets.get(id)!;
    };
    const seen = await Promise.all(rows.map(async (row) => ((await this.canSee(principal, row, datasetVisible)) ? row.id : null)));
    const visible = seen.filter((id): id is number => id !== null);
    if (visible.length === 0) throw notFound();
    const starred = principal.id === null ? new Set<number>() : await this.favorites.starredAmong(principal.id, 'slice', visible);
    return ids.map((id) => ({ id, value: starred.has(id) }));
  }

  async setFavorite(principal: Principal, id: number, on: boolean): Promise<void> {
    await this.findVisible(principal, id);
    if (principal.id === null) throw notFound();
    if (on) await this.favorites.add(principal.id, 'slice', id);
    else await this.favorites.remove(principal.id, 'slice', id);
  }

  relatedOwners(filter: string): Promise<RelatedUser[]> {
    return this.repo.relatedOwners(filter);
  }

  /** Charts of a dashboard as `GET /api/v1/dashboard/<id>/charts` lists them; unseen datasources stay listed, as Superset does. */
  async summaries(ids: number[]): Promise<ChartListItem[]> {
    const rows = await this.repo.findByIds(ids);
    const [owners, dashboards] = await Promise.all([this.repo.ownersOf(ids), this.repo.dashboardsOf(ids)]);
    const now = Date.now();
    return rows.map((r) => toChartListItem(r, owners, dashboards, now, null, this.onUnreadableParams));
  }

  async distinctVizTypes(principal: Principal): Promise<string[]> {
    return this.repo.distinctVizTypes(datasetScope(principal));
  }

  /** FAB's related options; `extra` is empty for every relation but owners (Superset's extra_fields_rel_fields). */
  async relatedDashboards(principal: Principal, filter: string): Promise<{ value: number; text: string; extra: Record<string, never> }[]> {
    const rows = await this.dashboards.options(filter, isAdmin(principal) ? 'all' : (principal.id ?? -1));
    return rows.map((d) => ({ value: d.id, text: d.dashboard_title, extra: {} }));
  }
}
