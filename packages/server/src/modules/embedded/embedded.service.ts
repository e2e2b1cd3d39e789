import { randomUUID } from 'node:crypto';
import type { EmbeddedDashboardResult, EmbeddedDashboardShow, Principal } from '@tessera/core';
import { ApiError, forbidden, notFound } from '../../app/httpErrors.js';
import { nowIso } from '../../metadata-store/createMetadataStore.js';
import type { DashboardsService } from '../dashboards/index.js';
import type { EmbeddedRepository, EmbeddedRow } from './embedded.repository.js';
import { allowedDomainsOf, toEmbeddedResult, toEmbeddedShow } from './embeddedViews.js';

/** Embedded configurations of dashboards: who may read and change them, and what the embedded page needs. */
export class EmbeddedService {
  constructor(
    private readonly repo: EmbeddedRepository,
    private readonly dashboards: DashboardsService,
  ) {}

  /** The dashboard's id when the caller may see it; a dashboard they may not see is a 404 here, as if it did not exist. */
  private async dashboardId(principal: Principal, idOrSlug: string): Promise<number> {
    try {
      return (await this.dashboards.find(principal, idOrSlug)).id;
    } catch (err) {
      if (err instanceof ApiError && err.statusCode === 403) throw notFound();
      throw err;
    }
  }

  private async editableDashboardId(principal: Principal, idOrSlug: string): Promise<number> {
    const id = await this.dashboardId(principal, idOrSlug);
    if (!(await this.dashboards.canEdit(principal, id))) throw forbidden('Changing this Dashboard is forbidden');
    return id;
  }

  async get(principal: Principal, idOrSlug: string): Promise<EmbeddedDashboardResult> {
    const row = await this.repo.findByDashboard(await this.dashboardId(principal, idOrSlug));
    if (!row) throw notFound();
    return toEmbeddedResult(row);
  }

  async set(principal: Principal, idOrSlug: string, allowedDomains: readonly string[]): Promise<EmbeddedDashboardResult> {
    const id = await this.editableDashboardId(principal, idOrSlug);
    await this.repo.upsert(id, [...new Set(allowedDomains)], principal.id, randomUUID(), nowIso());
    const row = await this.repo.findByDashboard(id);
    if (!row) throw notFound();
    return toEmbeddedResult(row);
  }

  async delete(principal: Principal, idOrSlug: string): Promise<void> {
    await this.repo.deleteByDashboard(await this.editableDashboardId(principal, idOrSlug));
  }

  /** By its uuid, for a caller who may see its dashboard (a guest: one whose token names it). */
  async show(principal: Principal, uuid: string): Promise<EmbeddedDashboardShow> {
    const row = await this.find(uuid);
    if (!row) throw notFound();
    await this.dashboardId(principal, String(row.dashboard_id));
    return toEmbeddedShow(row);
  }

  /** The configuration the embedded page is served for, whoever asks (the page itself holds no data). */
  async find(uuid: string): Promise<EmbeddedRow | null> {
    if (!/^[0-9a-f-]{36}$/i.test(uuid)) return null;
    return (await this.repo.findByUuid(uuid.toLowerCase())) ?? null;
  }

  /** The embedded dashboards a guest token may name, by uuid (unknown ones are left out). */
  findMany(uuids: readonly string[]): Promise<EmbeddedRow[]> {
    return this.repo.findManyByUuid(uuids.map((u) => u.toLowerCase()));
  }

  allowedDomains(row: EmbeddedRow): string[] {
    return allowedDomainsOf(row);
  }
}
