import { randomUUID } from 'node:crypto';
import { sql, type Insertable, type Selectable } from 'kysely';
import type { MetadataDb } from '../../metadata-store/createMetadataStore.js';
import type { DashboardTable } from '../../metadata-store/chartSchema.js';
import { addOwners, existingIds, ownedBy, ownersOf, removeOwners, replaceOwners, type OwnerRow, type OwnershipFilter } from '../../metadata-store/ownerLinks.js';
import { fabColumnMatch, type FabColumnFilter } from '../../metadata-store/fabColumnFilter.js';
import { pagedList } from '../../metadata-store/pagedList.js';
import { textMatches } from '../../metadata-store/textMatch.js';
import { relatedUsers, type RelatedUser } from '../security/relatedUsers.js';
import type { DatasetsRepository, DatasetScope } from '../datasets/datasets.repository.js';
import type { FavoritesRepository } from '../charts/favorites.repository.js';

export type DashboardRow = Selectable<DashboardTable>;
export type DashboardInsert = Insertable<DashboardTable>;
export type DashboardUpdateValues = Partial<Omit<DashboardInsert, 'id' | 'uuid' | 'created_on' | 'created_by_fk'>>;

/** What a save changes beside the row: each list replaces the stored one, null leaves it as it is. */
export interface DashboardLinksUpdate {
  owners: number[] | null;
  roles: number[] | null;
  charts: number[] | null;
}

export interface DashboardJoinedRow extends DashboardRow {
  created_by_first_name: string | null;
  created_by_last_name: string | null;
  changed_by_first_name: string | null;
  changed_by_last_name: string | null;
}

/**
 * Who sees which dashboards: admins all; others what they own or created, and published ones over data they may
 * query. With DASHBOARD_RBAC (`roleNames` set), a published dashboard that lists roles is seen by members of those
 * roles instead, whatever their data access (Superset's DashboardAccessFilter).
 */
export type DashboardVisibility = 'all' | { userId: number | null; scope: DatasetScope; roleNames: string[] | null };

export type DashboardFilter =
  | { col: 'title'; value: string }
  | { col: 'dashboard_title'; match: FabColumnFilter }
  | { col: 'published'; value: boolean }
  | { col: 'certified'; value: boolean }
  | { col: 'changed_by'; value: number }
  | OwnershipFilter;

export const DASHBOARD_ORDER = {
  dashboard_title: 'dashboards.dashboard_title',
  changed_on_delta_humanized: 'dashboards.changed_on',
  changed_on: 'dashboards.changed_on',
  published: 'dashboards.published',
  id: 'dashboards.id',
} as const;

export interface DashboardCriteria {
  filters: DashboardFilter[];
  visibility: DashboardVisibility;
  orderBy: keyof typeof DASHBOARD_ORDER;
  direction: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/** `dashboards`, `dashboard_user`, `dashboard_roles` and the dashboard side of `dashboard_slices`. */
export class DashboardsRepository {
  constructor(
    private readonly db: MetadataDb,
    private readonly datasets: DatasetsRepository,
    private readonly favorites: FavoritesRepository,
  ) {}

  private joined() {
    return this.db
      .selectFrom('dashboards')
      .leftJoin('ab_user as creator', 'creator.id', 'dashboards.created_by_fk')
      .leftJoin('ab_user as changer', 'changer.id', 'dashboards.changed_by_fk')
      .selectAll('dashboards')
      .select([
        'creator.first_name as created_by_first_name',
        'creator.last_name as created_by_last_name',
        'changer.first_name as changed_by_first_name',
        'changer.last_name as changed_by_last_name',
      ]);
  }

  async findById(id: number): Promise<DashboardJoinedRow | null> {
    return (await this.joined().where('dashboards.id', '=', id).executeTakeFirst()) ?? null;
  }

  async findBySlug(slug: string): Promise<DashboardJoinedRow | null> {
    return (await this.joined().where('dashboards.slug', '=', slug).executeTakeFirst()) ?? null;
  }

  async findByIds(ids: number[]): Promise<DashboardJoinedRow[]> {
    if (ids.length === 0) return [];
    return this.joined().where('dashboards.id', 'in', ids).execute();
  }

  ownersOf(ids: number[]): Promise<OwnerRow[]> {
    return ownersOf(this.db, 'dashboard', ids);
  }

  async rolesOf(id: number): Promise<{ id: number; name: string }[]> {
    return this.db
      .selectFrom('dashboard_roles')
      .innerJoin('ab_role', 'ab_role.id', 'dashboard_roles.role_id')
      .select(['ab_role.id', 'ab_role.name'])
      .where('dashboard_roles.dashboard_id', '=', id)
      .orderBy('ab_role.id')
      .execute();
  }

  async rolesOfMany(ids: number[]): Promise<{ dashboard_id: number; id: number; name: string }[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('dashboard_roles')
      .innerJoin('ab_role', 'ab_role.id', 'dashboard_roles.role_id')
      .select(['dashboard_roles.dashboard_id', 'ab_role.id', 'ab_role.name'])
      .where('dashboard_roles.dashboard_id', 'in', ids)
      .orderBy('ab_role.id')
      .execute();
  }

  async chartsOf(id: number): Promise<{ id: number; slice_name: string }[]> {
    return this.db
      .selectFrom('dashboard_slices')
      .innerJoin('slices', 'slices.id', 'dashboard_slices.slice_id')
      .select(['slices.id', 'slices.slice_name'])
      .where('dashboard_slices.dashboard_id', '=', id)
      .orderBy('slices.id')
      .execute();
  }

  existingUserIds(ids: number[]): Promise<number[]> {
    return existingIds(this.db, 'ab_user', ids);
  }

  existingRoleIds(ids: number[]): Promise<number[]> {
    return existingIds(this.db, 'ab_role', ids);
  }

  async insert(values: DashboardInsert, owners: number[], roles: number[]): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx.insertInto('dashboards').values(values).returning('id').executeTakeFirstOrThrow();
      await addOwners(trx, 'dashboard', id, owners);
      if (roles.length > 0) await trx.insertInto('dashboard_roles').values(roles.map((r) => ({ dashboard_id: id, role_id: r }))).execute();
      return id;
    });
  }

  async delete(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      await removeOwners(trx, 'dashboard', ids);
      await trx.deleteFrom('dashboard_roles').where('dashboard_id', 'in', ids).execute();
      await trx.deleteFrom('dashboard_slices').where('dashboard_id', 'in', ids).execute();
      await trx.deleteFrom('favstar').where('class_name', '=', 'Dashboard').where('obj_id', 'in', ids).execute();
      await trx.deleteFrom('dashboards').where('id', 'in', ids).execute();
    });
  }

  async list(c: DashboardCriteria): Promise<{ rows: DashboardJoinedRow[]; count: number }> {
    let base = this.db.selectFrom('dashboards');
    for (const f of c.filters) {
      if (f.col === 'title') {
        base = base.where((eb) => eb.or([textMatches('dashboards.dashboard_title', f.value), textMatches('dashboards.slug', f.value)]));
      } else if (f.col === 'dashboard_title') base = base.where(fabColumnMatch('dashboards.dashboard_title', f.match));
      else if (f.col === 'id') base = f.value.length === 0 ? base.where(sql<boolean>`1 = 0`) : base.where('dashboards.id', 'in', f.value);
      else if (f.col === 'owners') base = base.where('dashboards.id', 'in', ownedBy('dashboard', f.value));
      else if (f.col === 'published') base = base.where('dashboards.published', '=', f.value ? 1 : 0);
      else if (f.col === 'certified') {
        base = f.value
          ? base.where('dashboards.certified_by', 'is not', null).where('dashboards.certified_by', '!=', '')
          : base.where((eb) => eb.or([eb('dashboards.certified_by', 'is', null), eb('dashboards.certified_by', '=', '')]));
      }
      else if (f.col === 'created_by') base = base.where('dashboards.created_by_fk', '=', f.value);
      else if (f.col === 'changed_by') base = base.where('dashboards.changed_by_fk', '=', f.value);
      else {
        const starred = this.favorites.starredIds(f.userId, 'Dashboard');
        base = f.value ? base.where('dashboards.id', 'in', starred) : base.where('dashboards.id', 'not in', starred);
      }
    }
    const v = c.visibility;
    if (v !== 'all') {
      const userId = v.userId ?? -1;
      let charts = this.db
        .selectFrom('dashboard_slices')
        .innerJoin('slices', 'slices.id', 'dashboard_slices.slice_id')
        .select('dashboard_slices.dashboard_id');
      if (v.scope !== 'all') {
        const scoped = this.datasets.scopedIds(v.scope);
        charts = charts.where('slices.datasource_type', '=', 'table').where('slices.datasource_id', 'in', scoped);
      }
      const owned = ownedBy('dashboard', userId);
      const withRoles = this.db.selectFrom('dashboard_roles').select('dashboard_roles.dashboard_id');
      const roleNames = v.roleNames;
      base = base.where((eb) =>
        eb.or([
          eb('dashboards.id', 'in', owned),
          eb('dashboards.created_by_fk', '=', userId),
          roleNames === null
            ? eb.and([eb('dashboards.published', '=', 1), eb('dashboards.id', 'in', charts)])
            : eb.and([eb('dashboards.published', '=', 1), eb('dashboards.id', 'not in', withRoles), eb('dashboards.id', 'in', charts)]),
          ...(roleNames === null || roleNames.length === 0
            ? []
            : [
                eb.and([
                  eb('dashboards.published', '=', 1),
                  eb(
                    'dashboards.id',
                    'in',
                    withRoles.innerJoin('ab_role', 'ab_role.id', 'dashboard_roles.role_id').where('ab_role.name', 'in', roleNames),
                  ),
                ]),
              ]),
        ]),
      );
    }
    return pagedList(base, this.joined(), 'dashboards.id', { ...c, orderRef: DASHBOARD_ORDER[c.orderBy] });
  }

  relatedOwners(filter: string): Promise<RelatedUser[]> {
    return relatedUsers(this.db, filter, true);
  }

  /** Roles for the dashboard's roles field, by name (FAB's related options; `extra` is empty). */
  async relatedRoles(filter: string): Promise<{ value: number; text: string; extra: Record<string, never> }[]> {
    let q = this.db.selectFrom('ab_role').select(['id', 'name']);
    if (filter) q = q.where(textMatches('name', filter));
    const rows = await q.orderBy('name').orderBy('id').execute();
    return rows.map((r) => ({ value: Number(r.id), text: r.name, extra: {} }));
  }

  /** changed_on of one dashboard (the confirm-diff check reads it again inside the save). */
  async changedOn(id: number): Promise<string | null> {
    const row = await this.db.selectFrom('dashboards').select('changed_on').where('id', '=', id).executeTakeFirst();
    return row?.changed_on ?? null;
  }

  async slugTaken(slug: string, exceptId: number | null): Promise<boolean> {
    let q = this.db.selectFrom('dashboards').select('id').where('slug', '=', slug);
    if (exceptId !== null) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  /** Which of the given chart ids exist (layout validation). */
  async existingChartIds(ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.selectFrom('slices').select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((r) => Number(r.id)));
  }

  /** Charts of a dashboard with their datasources (the datasets endpoint). */
  async chartDatasources(id: number): Promise<{ id: number; datasource_id: number; datasource_type: string }[]> {
    return this.db
      .selectFrom('dashboard_slices')
      .innerJoin('slices', 'slices.id', 'dashboard_slices.slice_id')
      .select(['slices.id', 'slices.datasource_id', 'slices.datasource_type'])
      .where('dashboard_slices.dashboard_id', '=', id)
      .orderBy('slices.id')
      .execute();
  }

  /** One save: the row, then owners, roles and chart links when given, in one transaction. */
  async update(id: number, values: DashboardUpdateValues, links: DashboardLinksUpdate): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (Object.keys(values).length > 0) await trx.updateTable('dashboards').set(values).where('id', '=', id).execute();
      if (links.owners) await replaceOwners(trx, 'dashboard', id, links.owners);
      if (links.roles) {
        await trx.deleteFrom('dashboard_roles').where('dashboard_id', '=', id).execute();
        if (links.roles.length > 0) await trx.insertInto('dashboard_roles').values(links.roles.map((r) => ({ dashboard_id: id, role_id: r }))).execute();
      }
      if (links.charts) {
        await trx.deleteFrom('dashboard_slices').where('dashboard_id', '=', id).execute();
        if (links.charts.length > 0) await trx.insertInto('dashboard_slices').values(links.charts.map((c) => ({ dashboard_id: id, slice_id: c }))).execute();
      }
    });
  }

  /**
   * A copy of a dashboard: the new row owned by `ownerId`, its charts linked, or first cloned (Superset's
   * Slice.clone: name, datasource, viz type, params, description, cache timeout) and owned by `ownerId`.
   * `finish` gets the old -> new chart ids and returns the copy's layout and metadata, written in the same transaction.
   */
  async copy(
    values: DashboardInsert,
    sourceCharts: number[],
    duplicate: { ownerId: number | null; now: string } | null,
    finish: (chartIds: Map<number, number>) => { position_json: string | null; json_metadata: string | null },
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx.insertInto('dashboards').values(values).returning('id').executeTakeFirstOrThrow();
      if (values.created_by_fk) await addOwners(trx, 'dashboard', id, [values.created_by_fk]);
      const mapping = new Map<number, number>();
      if (duplicate && sourceCharts.length > 0) {
        const rows = await trx.selectFrom('slices').selectAll().where('id', 'in', sourceCharts).orderBy('id').execute();
        for (const r of rows) {
          const clone = await trx
            .insertInto('slices')
            .values({
              uuid: randomUUID(),
              slice_name: r.slice_name,
              viz_type: r.viz_type,
              params: r.params,
              query_context: null,
              description: r.description,
              cache_timeout: r.cache_timeout,
              datasource_id: r.datasource_id,
              datasource_type: r.datasource_type,
              datasource_name: r.datasource_name,
              certified_by: null,
              certification_details: null,
              is_managed_externally: 0,
              external_url: null,
              created_on: duplicate.now,
              changed_on: duplicate.now,
              created_by_fk: duplicate.ownerId,
              changed_by_fk: duplicate.ownerId,
              last_saved_at: duplicate.now,
              last_saved_by_fk: duplicate.ownerId,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (duplicate.ownerId !== null) await addOwners(trx, 'chart', clone.id, [duplicate.ownerId]);
          mapping.set(Number(r.id), Number(clone.id));
        }
      } else {
        for (const c of sourceCharts) mapping.set(c, c);
      }
      const links = [...new Set(mapping.values())];
      if (links.length > 0) await trx.insertInto('dashboard_slices').values(links.map((c) => ({ dashboard_id: id, slice_id: c }))).execute();
      const done = finish(mapping);
      await trx.updateTable('dashboards').set(done).where('id', '=', id).execute();
      return id;
    });
  }

  /** Whether a single dashboard passes the visibility rule (show, charts, favorites). */
  async isVisible(id: number, visibility: DashboardVisibility): Promise<boolean> {
    const { count } = await this.list({ filters: [{ col: 'id', value: [id] }], visibility, orderBy: 'id', direction: 'asc', page: 0, pageSize: 1 });
    return count > 0;
  }
}
