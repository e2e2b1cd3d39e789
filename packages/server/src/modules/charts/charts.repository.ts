import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { MetadataDb } from '../../metadata-store/createMetadataStore.js';
import type { SliceTable } from '../../metadata-store/chartSchema.js';
import { addOwners, existingIds, ownedBy, ownersOf, removeOwners, replaceOwners, type OwnerRow, type OwnershipFilter } from '../../metadata-store/ownerLinks.js';
import { pagedList } from '../../metadata-store/pagedList.js';
import { fabColumnMatch, type FabColumnFilter } from '../../metadata-store/fabColumnFilter.js';
import { textMatches } from '../../metadata-store/textMatch.js';
import { relatedUsers, type RelatedUser } from '../security/relatedUsers.js';
import type { DatasetsRepository, DatasetScope } from '../datasets/datasets.repository.js';
import type { FavoritesRepository } from './favorites.repository.js';

export type SliceRow = Selectable<SliceTable>;
export type SliceInsert = Insertable<SliceTable>;
export type SliceUpdate = Updateable<SliceTable>;

export interface SliceJoinedRow extends SliceRow {
  table_name: string | null;
  table_schema: string | null;
  default_endpoint: string | null;
  created_by_first_name: string | null;
  created_by_last_name: string | null;
  changed_by_first_name: string | null;
  changed_by_last_name: string | null;
  last_saved_by_first_name: string | null;
  last_saved_by_last_name: string | null;
}

export interface SliceDashboardRow {
  slice_id: number;
  id: number;
  dashboard_title: string;
  json_metadata: string | null;
}

/** Chart columns a list filter compares with FAB's plain operators, and the column each one reads. */
export const CHART_MATCH = {
  slice_name: 'slices.slice_name',
  viz_type: 'slices.viz_type',
  datasource_type: 'slices.datasource_type',
  datasource_name: 'slices.datasource_name',
  description: 'slices.description',
  datasource_id: 'slices.datasource_id',
  id: 'slices.id',
} as const;
export type ChartMatchColumn = keyof typeof CHART_MATCH;

export type ChartFilter =
  | { col: 'text'; value: string }
  | { col: 'match'; column: ChartMatchColumn; filter: FabColumnFilter }
  | { col: 'dashboards'; value: number }
  | { col: 'changed_by'; value: number }
  | { col: 'last_saved_by'; value: number }
  | { col: 'certified'; value: boolean }
  | { col: 'has_creator'; value: boolean }
  /** Owned, created or starred by the user (Superset's chart_owned_created_favored_by_me). */
  | { col: 'mine'; userId: number }
  | OwnershipFilter;

export const CHART_ORDER = {
  slice_name: 'slices.slice_name',
  viz_type: 'slices.viz_type',
  datasource_name: 'slices.datasource_name',
  changed_on_delta_humanized: 'slices.changed_on',
  changed_on: 'slices.changed_on',
  last_saved_at: 'slices.last_saved_at',
  id: 'slices.id',
  description: 'slices.description',
  datasource_id: 'slices.datasource_id',
  'changed_by.first_name': 'changer.first_name',
  'last_saved_by.id': 'slices.last_saved_by_fk',
  'last_saved_by.first_name': 'saver.first_name',
  'last_saved_by.last_name': 'saver.last_name',
} as const;

export interface ChartCriteria {
  filters: ChartFilter[];
  scope: DatasetScope;
  orderBy: keyof typeof CHART_ORDER;
  direction: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/** `slices`, `slice_user` and the chart side of `dashboard_slices`. */
export class ChartsRepository {
  constructor(
    private readonly db: MetadataDb,
    private readonly datasets: DatasetsRepository,
    private readonly favorites: FavoritesRepository,
  ) {}

  private joined() {
    return this.db
      .selectFrom('slices')
      .leftJoin('tables', (j) => j.onRef('tables.id', '=', 'slices.datasource_id').on('slices.datasource_type', '=', 'table'))
      .leftJoin('ab_user as creator', 'creator.id', 'slices.created_by_fk')
      .leftJoin('ab_user as changer', 'changer.id', 'slices.changed_by_fk')
      .leftJoin('ab_user as saver', 'saver.id', 'slices.last_saved_by_fk')
      .selectAll('slices')
      .select([
        'tables.table_name as table_name',
        'tables.schema as table_schema',
        'tables.default_endpoint as default_endpoint',
        'creator.first_name as created_by_first_name',
        'creator.last_name as created_by_last_name',
        'changer.first_name as changed_by_first_name',
        'changer.last_name as changed_by_last_name',
        'saver.first_name as last_saved_by_first_name',
        'saver.last_name as last_saved_by_last_name',
      ]);
  }

  async findById(id: number): Promise<SliceJoinedRow | null> {
    return (await this.joined().where('slices.id', '=', id).executeTakeFirst()) ?? null;
  }

  async findByIds(ids: number[]): Promise<SliceJoinedRow[]> {
    if (ids.length === 0) return [];
    return this.joined().where('slices.id', 'in', ids).orderBy('slices.id').execute();
  }

  ownersOf(ids: number[]): Promise<OwnerRow[]> {
    return ownersOf(this.db, 'chart', ids);
  }

  async dashboardsOf(ids: number[]): Promise<SliceDashboardRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('dashboard_slices')
      .innerJoin('dashboards', 'dashboards.id', 'dashboard_slices.dashboard_id')
      .select(['dashboard_slices.slice_id', 'dashboards.id', 'dashboards.dashboard_title', 'dashboards.json_metadata'])
      .where('dashboard_slices.slice_id', 'in', ids)
      .orderBy('dashboards.id')
      .execute();
  }

  existingUserIds(ids: number[]): Promise<number[]> {
    return existingIds(this.db, 'ab_user', ids);
  }

  /** Chart, owners and dashboard links in one transaction. */
  async insert(values: SliceInsert, owners: number[], dashboards: number[]): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx.insertInto('slices').values(values).returning('id').executeTakeFirstOrThrow();
      await addOwners(trx, 'chart', id, owners);
      if (dashboards.length > 0) await trx.insertInto('dashboard_slices').values(dashboards.map((d) => ({ slice_id: id, dashboard_id: d }))).execute();
      return id;
    });
  }

  /** `owners`/`dashboards` replace the current sets when given. */
  async update(id: number, values: SliceUpdate, owners: number[] | null, dashboards: { add: number[]; remove: number[] } | null): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('slices').set(values).where('id', '=', id).execute();
      if (owners) await replaceOwners(trx, 'chart', id, owners);
      if (dashboards) {
        if (dashboards.remove.length > 0) {
          await trx.deleteFrom('dashboard_slices').where('slice_id', '=', id).where('dashboard_id', 'in', dashboards.remove).execute();
        }
        if (dashboards.add.length > 0) await trx.insertInto('dashboard_slices').values(dashboards.add.map((d) => ({ slice_id: id, dashboard_id: d }))).execute();
      }
    });
  }

  async delete(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      await removeOwners(trx, 'chart', ids);
      await trx.deleteFrom('dashboard_slices').where('slice_id', 'in', ids).execute();
      await trx.deleteFrom('favstar').where('class_name', '=', 'slice').where('obj_id', 'in', ids).execute();
      await trx.deleteFrom('slices').where('id', 'in', ids).execute();
    });
  }

  /** Charts built on a dataset (its related objects). */
  async byDatasource(type: string, id: number): Promise<{ id: number; slice_name: string; viz_type: string }[]> {
    return this.db
      .selectFrom('slices')
      .select(['id', 'slice_name', 'viz_type'])
      .where('datasource_type', '=', type)
      .where('datasource_id', '=', id)
      .orderBy('id')
      .execute();
  }

  async list(c: ChartCriteria): Promise<{ rows: SliceJoinedRow[]; count: number }> {
    let base = this.db.selectFrom('slices');
    for (const f of c.filters) {
      if (f.col === 'text') {
        base = base.where((eb) =>
          eb.or([
            textMatches('slices.slice_name', f.value),
            textMatches('slices.description', f.value),
            textMatches('slices.viz_type', f.value),
            textMatches('slices.datasource_name', f.value),
          ]),
        );
      } else if (f.col === 'match') base = base.where(fabColumnMatch(CHART_MATCH[f.column], f.filter));
      else if (f.col === 'id') base = f.value.length === 0 ? base.where(sql<boolean>`1 = 0`) : base.where('slices.id', 'in', f.value);
      else if (f.col === 'owners') base = base.where('slices.id', 'in', ownedBy('chart', f.value));
      else if (f.col === 'dashboards') {
        const linked = this.db.selectFrom('dashboard_slices').select('slice_id').where('dashboard_id', '=', f.value);
        base = base.where('slices.id', 'in', linked);
      } else if (f.col === 'created_by') base = base.where('slices.created_by_fk', '=', f.value);
      else if (f.col === 'changed_by') base = base.where('slices.changed_by_fk', '=', f.value);
      else if (f.col === 'last_saved_by') base = base.where('slices.last_saved_by_fk', '=', f.value);
      else if (f.col === 'certified') {
        base = f.value
          ? base.where('slices.certified_by', 'is not', null).where('slices.certified_by', '!=', '')
          : base.where((eb) => eb.or([eb('slices.certified_by', 'is', null), eb('slices.certified_by', '=', '')]));
      } else if (f.col === 'has_creator') base = base.where('slices.created_by_fk', f.value ? 'is not' : 'is', null);
      else if (f.col === 'mine') {
        const { userId } = f;
        base = base.where((eb) =>
          eb.or([
            eb('slices.id', 'in', ownedBy('chart', userId)),
            eb('slices.created_by_fk', '=', userId),
            eb('slices.id', 'in', this.favorites.starredIds(userId, 'slice')),
          ]),
        );
      } else {
        const starred = this.favorites.starredIds(f.userId, 'slice');
        base = f.value ? base.where('slices.id', 'in', starred) : base.where('slices.id', 'not in', starred);
      }
    }
    if (c.scope !== 'all') {
      const scoped = this.datasets.scopedIds(c.scope);
      base = base.where((eb) => eb.and([eb('slices.datasource_type', '=', 'table'), eb('slices.datasource_id', 'in', scoped)]));
    }
    return pagedList(base, this.joined(), 'slices.id', { ...c, orderRef: CHART_ORDER[c.orderBy] });
  }

  /** Active users only: a deactivated person is no owner to pick. */
  relatedOwners(filter: string): Promise<RelatedUser[]> {
    return relatedUsers(this.db, filter, true);
  }

  /** Visualisation types in use among the charts a caller may list (the chart list's type filter). */
  async distinctVizTypes(scope: DatasetScope): Promise<string[]> {
    let q = this.db.selectFrom('slices').select('slices.viz_type').distinct();
    if (scope !== 'all') {
      q = q.where('slices.datasource_type', '=', 'table').where('slices.datasource_id', 'in', this.datasets.scopedIds(scope));
    }
    return (await q.orderBy('slices.viz_type').execute()).map((r) => r.viz_type);
  }
}
