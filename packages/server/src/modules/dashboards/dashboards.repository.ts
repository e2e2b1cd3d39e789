import { sql, type Insertable, type Selectable } from 'kysely';
import type { MetadataDb } from '../../metadata-store/createMetadataStore.js';
import type { DashboardTable } from '../../metadata-store/chartSchema.js';
import { addOwners, existingIds, ownedBy, ownersOf, removeOwners, type OwnerRow, type OwnershipFilter } from '../../metadata-store/ownerLinks.js';
import { fabColumnMatch, type FabColumnFilter } from '../../metadata-store/fabColumnFilter.js';
import { pagedList } from '../../metadata-store/pagedList.js';
import { textMatches } from '../../metadata-store/textMatch.js';
import type { DatasetsRepository, DatasetScope } from '../datasets/datasets.repository.js';
import type { FavoritesRepository } from '../charts/favorites.repository.js';

export type DashboardRow = Selectable<DashboardTable>;
export type DashboardInsert = Insertable<DashboardTable>;

export interface DashboardJoinedRow extends DashboardRow {
  created_by_first_name: string | null;
  created_by_last_name: string | null;
  changed_by_first_name: string | null;
  changed_by_last_name: string | null;
}

/** Who sees which dashboards: admins all; others what they own or created, and published ones over data they may query. */
export type DashboardVisibility = 'all' | { userId: number | null; scope: DatasetScope };

export type DashboardFilter =
  | { col: 'title'; value: string }
  | { col: 'dashboard_title'; match: FabColumnFilter }
  | { col: 'published'; value: boolean }
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
      else if (f.col === 'created_by') base = base.where('dashboards.created_by_fk', '=', f.value);
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
      base = base.where((eb) =>
        eb.or([
          eb('dashboards.id', 'in', owned),
          eb('dashboards.created_by_fk', '=', userId),
          eb.and([eb('dashboards.published', '=', 1), eb('dashboards.id', 'in', charts)]),
        ]),
      );
    }
    return pagedList(base, this.joined(), 'dashboards.id', { ...c, orderRef: DASHBOARD_ORDER[c.orderBy] });
  }

  /** Whether a single dashboard passes the visibility rule (show, charts, favorites). */
  async isVisible(id: number, visibility: DashboardVisibility): Promise<boolean> {
    const { count } = await this.list({ filters: [{ col: 'id', value: [id] }], visibility, orderBy: 'id', direction: 'asc', page: 0, pageSize: 1 });
    return count > 0;
  }
}
