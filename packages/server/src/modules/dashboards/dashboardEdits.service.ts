import {
  canModifyOwned,
  DASHBOARD_MESSAGES,
  errorEntry,
  ownersToSave,
  parseJsonMetadata,
  UNTITLED_DASHBOARD,
  withScopesFilled,
  type DashboardColors,
  type DashboardCopy,
  type DashboardFiltersChange,
  type DashboardUpdate,
  type NativeFilterConfig,
  type Principal,
} from '@tessera/core';
import { randomUUID } from 'node:crypto';
import { ApiError, forbidden, notFound, unprocessable } from '../../app/httpErrors.js';
import { nowIso } from '../../metadata-store/createMetadataStore.js';
import { remapChartIds } from './dashboardCopyIds.js';
import { checkedNativeFilters, layoutOf, type FilterDatasets } from './dashboardFilterCheck.js';
import { checkedLayout } from './dashboardLayoutCheck.js';
import type { DashboardJoinedRow, DashboardLinksUpdate, DashboardsRepository, DashboardUpdateValues } from './dashboards.repository.js';
import type { DashboardsService } from './dashboards.service.js';
import { lastModifiedTime } from './dashboardViews.js';

/** Body keys that are not properties of the dashboard: a body of only `published` (and these) is a publish toggle. */
const NOT_PROPERTIES = new Set(['last_modified_time', 'tags']);

/** Superset's MISSING_OWNERSHIP 403 with the spec's words on top, as the page shows them. */
const notOwner = (message: string) => new ApiError(403, { message, errors: [errorEntry('MISSING_OWNERSHIP_ERROR', message)] });

/** The confirm-diff answer: the stored version moved on since the page loaded it (spec §5). */
function staleSave(stored: number): ApiError {
  const message = DASHBOARD_MESSAGES.confirmOverwrite;
  return new ApiError(409, { message, errors: [errorEntry('GENERIC_COMMAND_ERROR', message, { last_modified_time: stored })] });
}

/** Merges parsed metadata back to text, dropping `positions` (the layout has its own column). */
function metadataText(md: Record<string, unknown>): string {
  const { positions: _positions, ...rest } = md;
  return JSON.stringify(rest);
}

/** Saves of an existing dashboard: properties, colours, native filters, and copies (facts §2.5, spec §5, §6). */
export class DashboardEditsService {
  constructor(
    private readonly repo: DashboardsRepository,
    private readonly dashboards: DashboardsService,
    /** For the native filter checks against datasets; without it (older composition roots) those are skipped. */
    private readonly datasets: FilterDatasets | null = null,
  ) {}

  /** Native filters as stored in a json_metadata text. */
  private static storedFilters(text: string | null): NativeFilterConfig[] {
    const md = parseJsonMetadata(text);
    return Array.isArray(md.native_filter_configuration) ? md.native_filter_configuration : [];
  }

  /** A dashboard the caller may see (else 404, as Superset's base filter) and edit (else 403 with `message`). */
  private async editable(principal: Principal, id: number, message: string): Promise<DashboardJoinedRow> {
    const row = await this.dashboards.visibleRow(principal, id);
    if (!row) throw notFound();
    const owners = (await this.repo.ownersOf([id])).map((o) => o.id);
    if (!canModifyOwned(principal, owners)) throw notOwner(message);
    return row;
  }

  async update(principal: Principal, id: number, input: DashboardUpdate): Promise<{ id: number; result: Record<string, unknown>; last_modified_time: number }> {
    const keys = Object.keys(input).filter((k) => !NOT_PROPERTIES.has(k));
    const publishOnly = keys.length === 1 && keys[0] === 'published';
    const row = await this.editable(principal, id, publishOnly ? DASHBOARD_MESSAGES.noEditPermission : DASHBOARD_MESSAGES.noSavePermission);
    if (input.last_modified_time !== undefined) {
      const stored = lastModifiedTime(row.changed_on);
      if (stored > input.last_modified_time) throw staleSave(stored);
    }

    const values: DashboardUpdateValues = {};
    const links: DashboardLinksUpdate = { owners: null, roles: null, charts: null };
    const result: Record<string, unknown> = {};
    if (input.dashboard_title !== undefined) {
      values.dashboard_title = input.dashboard_title?.trim() ? input.dashboard_title : UNTITLED_DASHBOARD;
      result.dashboard_title = values.dashboard_title;
    }
    if (input.slug !== undefined) {
      const slug = input.slug?.trim() || null;
      if (slug && (await this.repo.slugTaken(slug, id))) throw unprocessable({ slug: ['Must be unique'] });
      values.slug = result.slug = slug;
    }
    if (input.owners !== undefined) {
      const owners = ownersToSave(principal, input.owners, false);
      if ((await this.repo.existingUserIds(owners)).length !== owners.length) throw unprocessable({ owners: ['Owners are invalid'] });
      links.owners = result.owners = owners;
    }
    if (input.roles !== undefined) {
      const roles = [...new Set(input.roles)];
      if ((await this.repo.existingRoleIds(roles)).length !== roles.length) throw unprocessable({ roles: ['Some roles do not exist'] });
      links.roles = result.roles = roles;
    }

    // Superset's page sends the layout inside json_metadata as `positions`; API clients send position_json.
    const metadata = input.json_metadata ? parseJsonMetadata(input.json_metadata) : null;
    const layoutText = input.position_json ?? (metadata?.positions && typeof metadata.positions === 'object' ? JSON.stringify(metadata.positions) : undefined);
    if (layoutText) {
      links.charts = await checkedLayout(this.repo, layoutText);
      values.position_json = result.position_json = layoutText;
    } else if (input.position_json !== undefined) values.position_json = result.position_json = null;
    if (input.json_metadata !== undefined) {
      let md: Record<string, unknown> | null = metadata;
      if (md && Array.isArray(md.native_filter_configuration)) {
        const filters = md.native_filter_configuration as NativeFilterConfig[];
        md = { ...md, native_filter_configuration: await checkedNativeFilters(principal, filters, DashboardEditsService.storedFilters(row.json_metadata), this.datasets) };
      }
      if (md) md = withScopesFilled(md, layoutOf(layoutText ?? (input.position_json === undefined ? row.position_json : null)));
      values.json_metadata = result.json_metadata = md ? metadataText(md) : null;
    }

    if (input.certified_by !== undefined) {
      const certified = input.certified_by?.trim() ? input.certified_by : null;
      values.certified_by = result.certified_by = certified;
      // Spec §5: certification details only stand with a certifier.
      values.certification_details = result.certification_details = certified ? (input.certification_details ?? row.certification_details) : null;
    } else if (input.certification_details !== undefined) {
      values.certification_details = result.certification_details = row.certified_by ? input.certification_details : null;
    }
    if (input.css !== undefined) values.css = result.css = input.css;
    if (input.published != null) {
      values.published = input.published ? 1 : 0;
      result.published = input.published;
    }
    if (input.is_managed_externally != null) {
      values.is_managed_externally = input.is_managed_externally ? 1 : 0;
      result.is_managed_externally = input.is_managed_externally;
    }
    if (input.external_url !== undefined) values.external_url = result.external_url = input.external_url;

    const changedOn = await this.save(id, row.changed_on, input.last_modified_time, values, links, principal);
    return { id, result, last_modified_time: lastModifiedTime(changedOn) };
  }

  /**
   * Writes one save. The stored version is read again just before writing, so a save that raced another since the
   * check above still gets the confirm-diff answer. `changed_on` moves on by at least a millisecond, so two saves in
   * the same millisecond still tell their versions apart.
   */
  private async save(
    id: number,
    loadedChangedOn: string,
    sentVersion: number | undefined,
    values: DashboardUpdateValues,
    links: DashboardLinksUpdate,
    principal: Principal,
    markUpdated = true,
  ): Promise<string> {
    const current = (await this.repo.changedOn(id)) ?? loadedChangedOn;
    if (sentVersion !== undefined && lastModifiedTime(current) > sentVersion) throw staleSave(lastModifiedTime(current));
    let changedOn = current;
    if (markUpdated) {
      const now = Date.now();
      changedOn = new Date(Math.max(now, Date.parse(current) + 1)).toISOString();
      values.changed_on = changedOn;
      values.changed_by_fk = principal.id;
    }
    await this.repo.update(id, values, links);
    return changedOn;
  }

  /** PUT /<pk>/colors: the colour keys given replace those of json_metadata; `mark_updated=false` keeps changed_on. */
  async colors(principal: Principal, id: number, input: DashboardColors, markUpdated: boolean): Promise<{ id: number; result: DashboardColors; last_modified_time: number }> {
    const row = await this.editable(principal, id, DASHBOARD_MESSAGES.noSavePermission);
    const md = parseJsonMetadata(row.json_metadata) as Record<string, unknown>;
    for (const [key, value] of Object.entries(input)) if (value !== undefined) md[key] = value;
    const changedOn = await this.save(id, row.changed_on, undefined, { json_metadata: metadataText(md) }, { owners: null, roles: null, charts: null }, principal, markUpdated);
    return { id, result: input, last_modified_time: lastModifiedTime(changedOn) };
  }

  /**
   * PUT /<pk>/filters (Superset's update_native_filters_config): modified filters replace those with their id or are
   * appended, deleted ids leave (unknown ones are ignored), and `reordered` gives the order (new filters it leaves
   * out go last).
   */
  async filters(principal: Principal, id: number, input: DashboardFiltersChange): Promise<{ result: NativeFilterConfig[]; last_modified_time: number }> {
    const row = await this.editable(principal, id, DASHBOARD_MESSAGES.noSavePermission);
    const md = parseJsonMetadata(row.json_metadata) as Record<string, unknown>;
    const current = (Array.isArray(md.native_filter_configuration) ? md.native_filter_configuration : []) as NativeFilterConfig[];
    const deleted = new Set(input.deleted);
    const modified = new Map(input.modified.map((f) => [f.id, f as NativeFilterConfig]));
    let next = current.filter((f) => !deleted.has(f.id)).map((f) => modified.get(f.id) ?? f);
    const order = [...input.reordered];
    for (const f of input.modified) {
      if (next.some((n) => n.id === f.id)) continue;
      next.push(f as NativeFilterConfig);
      if (order.length > 0 && !order.includes(f.id)) order.push(f.id);
    }
    if (order.length > 0) {
      const byId = new Map(next.map((f) => [f.id, f]));
      next = [...new Set(order)].map((fid) => byId.get(fid)).filter((f): f is NativeFilterConfig => f !== undefined);
    }
    const checked = await checkedNativeFilters(principal, next, current, this.datasets);
    const filled = withScopesFilled({ native_filter_configuration: checked }, layoutOf(row.position_json));
    md.native_filter_configuration = next = filled.native_filter_configuration as NativeFilterConfig[];
    const changedOn = await this.save(id, row.changed_on, undefined, { json_metadata: metadataText(md) }, { owners: null, roles: null, charts: null }, principal);
    return { result: next, last_modified_time: lastModifiedTime(changedOn) };
  }

  /**
   * POST /<id_or_slug>/copy/ (Superset's copy_dashboard): a new dashboard owned by the caller, with the given title,
   * css and metadata; the layout is the metadata's `positions` or the source's. With `duplicate_slices` the charts
   * are cloned (owned by the caller) and every chart id of the layout and metadata points at the clones.
   */
  async copy(principal: Principal, idOrSlug: string, input: DashboardCopy, rbac: boolean): Promise<{ id: number; last_modified_time: number }> {
    const source = await this.dashboards.find(principal, idOrSlug);
    if (rbac && !(await this.dashboards.canEdit(principal, source.id))) throw forbidden();
    const metadata = parseJsonMetadata(input.json_metadata) as Record<string, unknown>;
    const layout = metadata.positions && typeof metadata.positions === 'object' ? metadata.positions : parseJsonMetadata(source.position_json);
    const sourceCharts = (await this.repo.chartsOf(source.id)).map((c) => c.id);
    const now = nowIso();
    const id = await this.repo.copy(
      {
        uuid: randomUUID(),
        dashboard_title: input.dashboard_title?.trim() ? input.dashboard_title : UNTITLED_DASHBOARD,
        slug: null,
        css: input.css ?? null,
        json_metadata: null,
        position_json: null,
        published: 0,
        certified_by: null,
        certification_details: null,
        is_managed_externally: 0,
        external_url: null,
        created_on: now,
        changed_on: now,
        created_by_fk: principal.id,
        changed_by_fk: principal.id,
      },
      sourceCharts,
      input.duplicate_slices ? { ownerId: principal.id, now } : null,
      (mapping) => {
        const remapped = remapChartIds(layout as Record<string, unknown>, metadata, mapping);
        return {
          position_json: Object.keys(remapped.layout).length > 0 ? JSON.stringify(remapped.layout) : null,
          json_metadata: metadataText(remapped.metadata),
        };
      },
    );
    return { id, last_modified_time: lastModifiedTime(now) };
  }
}
