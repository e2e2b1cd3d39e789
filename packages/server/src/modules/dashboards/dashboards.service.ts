import { randomUUID } from 'node:crypto';
import {
  canModifyOwned,
  isAdmin,
  UNTITLED_DASHBOARD,
  type ChartListItem,
  type DashboardCreate,
  type DashboardListItem,
  type DashboardShow,
  type ListFilter,
  type ListQuery,
  ownersToSave,
  type Principal,
} from '@tessera/core';
import { badRequest, forbidden, notFound, unprocessable } from '../../app/httpErrors.js';
import { nowIso } from '../../metadata-store/createMetadataStore.js';
import { FAB_TEXT_OPS, type FabTextOp } from '../../metadata-store/fabColumnFilter.js';
import type { ChartsService } from '../charts/charts.service.js';
import type { FavoritesRepository } from '../charts/favorites.repository.js';
import { datasetScope } from '../datasets/datasetAccess.js';
import { DASHBOARD_ORDER, type DashboardFilter, type DashboardJoinedRow, type DashboardsRepository, type DashboardVisibility } from './dashboards.repository.js';
import type { DashboardThumbnailUrls } from '../dashboardScreenshots/dashboardThumbnailUrls.js';
import { checkedLayout } from './dashboardLayoutCheck.js';
import { toDashboardListItem, toDashboardShow } from './dashboardViews.js';

export interface DashboardsOptions {
  /** DASHBOARD_RBAC: a published dashboard's roles let their members see it. */
  rbac: boolean;
  /** Each row's thumbnail_url for the caller (null when THUMBNAILS is off); the digest covers the dashboard and its charts. */
  thumbnailUrls?: DashboardThumbnailUrls;
}

const toInt = (v: unknown): number | null =>
  typeof v === 'number' && Number.isInteger(v) ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null;
const truthy = (v: unknown) => v === true || v === 'true' || v === 1 || v === '!t';

/** Dashboards: create, list, show, delete and favorites (facts §2.5); saves and copies are in DashboardEditsService. */
export class DashboardsService {
  constructor(
    private readonly repo: DashboardsRepository,
    private readonly favorites: FavoritesRepository,
    private readonly charts: ChartsService,
    private readonly options: DashboardsOptions = { rbac: false },
  ) {}

  private visibility(principal: Principal): DashboardVisibility {
    if (isAdmin(principal)) return 'all';
    return { userId: principal.id, scope: datasetScope(principal), roleNames: this.options.rbac ? principal.roles.map((r) => r.name) : null };
  }

  private async thumbnailUrls(principal: Principal, rows: DashboardJoinedRow[]): Promise<Map<number, string | null>> {
    return this.options.thumbnailUrls ? this.options.thumbnailUrls(principal, rows) : new Map();
  }

  /** Owners or admins may change a dashboard (spec §6). */
  async canEdit(principal: Principal, id: number): Promise<boolean> {
    return canModifyOwned(principal, (await this.repo.ownersOf([id])).map((o) => o.id));
  }

  /** The dashboard when it exists and the caller may see it, else null (saves answer 404 for both). */
  async visibleRow(principal: Principal, id: number): Promise<DashboardJoinedRow | null> {
    const row = await this.repo.findById(id);
    return row && (await this.repo.isVisible(row.id, this.visibility(principal))) ? row : null;
  }

  /** By id or slug; an existing dashboard the caller may not see is a 403, as Superset answers. */
  async find(principal: Principal, idOrSlug: string): Promise<DashboardJoinedRow> {
    const row = /^\d+$/.test(idOrSlug) ? await this.repo.findById(Number(idOrSlug)) : await this.repo.findBySlug(idOrSlug);
    if (!row) throw notFound();
    // An embedded dashboard's guest sees its token's dashboards, drafts too (Superset's has_guest_access).
    if (principal.guest?.dashboardIds.includes(row.id)) return row;
    if (!(await this.repo.isVisible(row.id, this.visibility(principal)))) throw forbidden();
    return row;
  }

  async show(principal: Principal, idOrSlug: string): Promise<DashboardShow> {
    const row = await this.find(principal, idOrSlug);
    const [owners, roles, charts, thumbnails] = await Promise.all([
      this.repo.ownersOf([row.id]),
      this.repo.rolesOf(row.id),
      this.repo.chartsOf(row.id),
      this.thumbnailUrls(principal, [row]),
    ]);
    return toDashboardShow(row, { owners, roles, charts: charts.map((c) => c.slice_name), thumbnailUrl: thumbnails.get(row.id) ?? null });
  }

  async chartsOf(principal: Principal, idOrSlug: string): Promise<ChartListItem[]> {
    const row = await this.find(principal, idOrSlug);
    return this.charts.summaries((await this.repo.chartsOf(row.id)).map((c) => c.id));
  }

  async list(principal: Principal, q: ListQuery): Promise<{ rows: DashboardListItem[]; count: number }> {
    const filters = q.filters.map((f) => this.filter(principal, f));
    const column = q.order_column ?? 'changed_on_delta_humanized';
    if (!(column in DASHBOARD_ORDER)) throw badRequest({ order_column: [`Must be one of: ${Object.keys(DASHBOARD_ORDER).join(', ')}.`] });
    const { rows, count } = await this.repo.list({
      filters,
      visibility: this.visibility(principal),
      orderBy: column as keyof typeof DASHBOARD_ORDER,
      direction: q.order_column ? q.order_direction : 'desc',
      page: q.page,
      pageSize: q.page_size,
    });
    const ids = rows.map((r) => r.id);
    const [owners, roles, thumbnails] = await Promise.all([this.repo.ownersOf(ids), this.repo.rolesOfMany(ids), this.thumbnailUrls(principal, rows)]);
    const now = Date.now();
    const items = rows.map((r) => ({
      ...toDashboardListItem(r, owners, thumbnails.get(r.id) ?? null, now),
      roles: roles.filter((x) => x.dashboard_id === r.id).map(({ id, name }) => ({ id, name })),
    }));
    return { rows: items, count };
  }

  private filter(principal: Principal, f: ListFilter): DashboardFilter {
    const allowed: Record<string, string[]> = {
      dashboard_title: ['title_or_slug', ...FAB_TEXT_OPS],
      id: ['dashboard_is_favorite', 'dashboard_is_certified', 'in', 'eq'],
      owners: ['rel_m_m'],
      published: ['eq'],
      created_by: ['rel_o_m', 'dashboard_created_by_me'],
      changed_by: ['rel_o_m'],
    };
    if (!allowed[f.col]) throw badRequest(`Filter column: ${f.col} not allowed to filter`);
    if (!allowed[f.col]!.includes(f.opr)) throw badRequest(`Filter operation: ${f.opr} not allowed on column: ${f.col}`);
    if (f.col === 'dashboard_title') {
      if (typeof f.value !== 'string') throw badRequest({ filters: ['dashboard_title expects a string value.'] });
      // title_or_slug also searches slugs; FAB's own operators compare the title alone.
      return f.opr === 'title_or_slug' ? { col: 'title', value: f.value } : { col: 'dashboard_title', match: { opr: f.opr as FabTextOp, value: f.value } };
    }
    if (f.opr === 'dashboard_is_certified') return { col: 'certified', value: truthy(f.value) };
    if (f.opr === 'dashboard_is_favorite') return { col: 'favorite', userId: principal.id ?? -1, value: truthy(f.value) };
    if (f.opr === 'dashboard_created_by_me') return { col: 'created_by', value: principal.id ?? -1 };
    if (f.col === 'published') return { col: 'published', value: truthy(f.value) };
    if (f.col === 'id') {
      const ids = (Array.isArray(f.value) ? f.value : [f.value]).map(toInt);
      if (ids.some((x) => x === null)) throw badRequest({ filters: ['id expects integers.'] });
      return { col: 'id', value: ids as number[] };
    }
    const id = toInt(f.value);
    if (id === null) throw badRequest({ filters: [`${f.col} expects an integer id.`] });
    if (f.col === 'owners') return { col: 'owners', value: id };
    return f.col === 'changed_by' ? { col: 'changed_by', value: id } : { col: 'created_by', value: id };
  }

  async create(principal: Principal, input: DashboardCreate): Promise<{ id: number; result: Record<string, unknown> }> {
    // Spec §5: an empty title becomes the placeholder; certification details only stand with a certifier.
    const title = input.dashboard_title?.trim() ? input.dashboard_title : UNTITLED_DASHBOARD;
    const slug = input.slug?.trim() || null;
    if (slug && (await this.repo.slugTaken(slug, null))) throw unprocessable({ slug: ['Must be unique'] });
    const ownerList = ownersToSave(principal, input.owners, true);
    if ((await this.repo.existingUserIds(ownerList)).length !== ownerList.length) throw unprocessable({ owners: ['Owners are invalid'] });
    const roles = [...new Set(input.roles ?? [])];
    if ((await this.repo.existingRoleIds(roles)).length !== roles.length) throw unprocessable({ roles: ['Some roles do not exist'] });
    // A layout given at creation is checked as a save's; its charts are linked by the first save (as Superset's create).
    if (input.position_json) await checkedLayout(this.repo, input.position_json);
    const now = nowIso();
    const certified = input.certified_by?.trim() ? input.certified_by : null;
    const id = await this.repo.insert(
      {
        uuid: randomUUID(),
        dashboard_title: title,
        slug,
        css: input.css ?? null,
        json_metadata: input.json_metadata ?? null,
        position_json: input.position_json ?? null,
        published: input.published ? 1 : 0,
        certified_by: certified,
        certification_details: certified ? (input.certification_details ?? null) : null,
        is_managed_externally: input.is_managed_externally ? 1 : 0,
        external_url: input.external_url ?? null,
        created_on: now,
        changed_on: now,
        created_by_fk: principal.id,
        changed_by_fk: principal.id,
      },
      ownerList,
      roles,
    );
    return { id, result: { ...input, dashboard_title: title, slug, owners: ownerList, roles } };
  }

  async delete(principal: Principal, ids: number[]): Promise<number> {
    const unique = [...new Set(ids)];
    const found = await this.repo.findByIds(unique);
    // Superset finds the ids through the dashboards' base filter: one the caller cannot see is as missing (404), not 403.
    const visibility = this.visibility(principal);
    const rows = [];
    for (const row of found) if (await this.repo.isVisible(row.id, visibility)) rows.push(row);
    if (rows.length !== unique.length) throw notFound();
    const owners = await this.repo.ownersOf(unique);
    for (const row of rows) {
      if (!canModifyOwned(principal, owners.filter((o) => o.owned_id === row.id).map((o) => o.id))) throw forbidden();
    }
    await this.repo.delete(unique);
    return unique.length;
  }

  async favoriteStatus(principal: Principal, ids: number[]): Promise<{ id: number; value: boolean }[]> {
    const starred = principal.id === null ? new Set<number>() : await this.favorites.starredAmong(principal.id, 'Dashboard', ids);
    return ids.map((id) => ({ id, value: starred.has(id) }));
  }

  async setFavorite(principal: Principal, id: number, on: boolean): Promise<void> {
    const row = await this.repo.findById(id);
    if (!row || principal.id === null || !(await this.repo.isVisible(id, this.visibility(principal)))) throw notFound();
    if (on) await this.favorites.add(principal.id, 'Dashboard', id);
    else await this.favorites.remove(principal.id, 'Dashboard', id);
  }
}
