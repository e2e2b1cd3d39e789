import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { MetadataDb } from '../../metadata-store/createMetadataStore.js';
import type { AnnotationLayerTable, AnnotationTable } from '../../metadata-store/schema.js';
import { textMatches } from '../../metadata-store/textMatch.js';
import { relatedUsers, type RelatedUser } from '../security/relatedUsers.js';

export type AnnotationLayerRow = Selectable<AnnotationLayerTable>;
export type AnnotationRow = Selectable<AnnotationTable>;
export type AnnotationLayerChanges = Updateable<AnnotationLayerTable>;
export type AnnotationChanges = Updateable<AnnotationTable>;

interface AuditNames {
  created_by_first_name: string | null;
  created_by_last_name: string | null;
  changed_by_first_name: string | null;
  changed_by_last_name: string | null;
}
export type AnnotationLayerJoinedRow = AnnotationLayerRow & AuditNames;
export type AnnotationJoinedRow = AnnotationRow & AuditNames & { layer_name: string };

export type TextOp = 'ct' | 'eq' | 'sw';

export type AnnotationLayerFilter =
  | { col: 'name' | 'descr'; opr: TextOp; value: string }
  /** Name or description contains (Superset's annotation_layer_all_text). */
  | { col: 'all_text'; value: string }
  | { col: 'created_by_fk' | 'changed_by_fk'; value: number };

export type AnnotationFilter =
  | { col: 'short_descr' | 'long_descr'; opr: TextOp; value: string }
  /** Short or long description contains (Superset's annotation_all_text). */
  | { col: 'all_text'; value: string };

export const ANNOTATION_LAYER_ORDER = {
  name: 'annotation_layer.name',
  descr: 'annotation_layer.descr',
  'created_by.first_name': 'creator.first_name',
  'changed_by.first_name': 'changer.first_name',
  changed_on: 'annotation_layer.changed_on',
  changed_on_delta_humanized: 'annotation_layer.changed_on',
  created_on: 'annotation_layer.created_on',
  id: 'annotation_layer.id',
} as const;

export const ANNOTATION_ORDER = {
  short_descr: 'annotation.short_descr',
  'created_by.first_name': 'creator.first_name',
  'changed_by.first_name': 'changer.first_name',
  changed_on_delta_humanized: 'annotation.changed_on',
  start_dttm: 'annotation.start_dttm',
  end_dttm: 'annotation.end_dttm',
  id: 'annotation.id',
} as const;

export interface ListCriteria<F, O> {
  filters: F[];
  orderBy: O;
  direction: 'asc' | 'desc';
  page: number;
  /** -1: every row. */
  pageSize: number;
}
export type AnnotationLayerCriteria = ListCriteria<AnnotationLayerFilter, keyof typeof ANNOTATION_LAYER_ORDER>;
export type AnnotationCriteria = ListCriteria<AnnotationFilter, keyof typeof ANNOTATION_ORDER>;

const textFilter = (column: string, opr: TextOp, value: string) =>
  opr === 'eq' ? sql<boolean>`${sql.ref(column)} = ${value}` : textMatches(column, value, opr === 'sw' ? 'startsWith' : 'contains');

/** The `annotation_layer` and `annotation` tables. */
export class AnnotationLayersRepository {
  constructor(private readonly db: MetadataDb) {}

  relatedUsers(filter: string): Promise<RelatedUser[]> {
    return relatedUsers(this.db, filter);
  }

  private layersJoined() {
    return this.db
      .selectFrom('annotation_layer')
      .leftJoin('ab_user as creator', 'creator.id', 'annotation_layer.created_by_fk')
      .leftJoin('ab_user as changer', 'changer.id', 'annotation_layer.changed_by_fk')
      .selectAll('annotation_layer')
      .select([
        'creator.first_name as created_by_first_name',
        'creator.last_name as created_by_last_name',
        'changer.first_name as changed_by_first_name',
        'changer.last_name as changed_by_last_name',
      ]);
  }

  private annotationsJoined() {
    return this.db
      .selectFrom('annotation')
      .innerJoin('annotation_layer', 'annotation_layer.id', 'annotation.layer_id')
      .leftJoin('ab_user as creator', 'creator.id', 'annotation.created_by_fk')
      .leftJoin('ab_user as changer', 'changer.id', 'annotation.changed_by_fk')
      .selectAll('annotation')
      .select([
        'annotation_layer.name as layer_name',
        'creator.first_name as created_by_first_name',
        'creator.last_name as created_by_last_name',
        'changer.first_name as changed_by_first_name',
        'changer.last_name as changed_by_last_name',
      ]);
  }

  async findLayer(id: number): Promise<AnnotationLayerJoinedRow | null> {
    return (await this.layersJoined().where('annotation_layer.id', '=', id).executeTakeFirst()) ?? null;
  }

  async findLayersByIds(ids: readonly number[]): Promise<AnnotationLayerRow[]> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('annotation_layer').selectAll().where('id', 'in', [...ids]).execute();
  }

  async layerNameTaken(name: string, exceptId: number | null): Promise<boolean> {
    let q = this.db.selectFrom('annotation_layer').select('id').where('name', '=', name);
    if (exceptId !== null) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async layersWithAnnotations(ids: readonly number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const row = await this.db
      .selectFrom('annotation')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('layer_id', 'in', [...ids])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async listLayers(c: AnnotationLayerCriteria): Promise<{ rows: AnnotationLayerJoinedRow[]; count: number }> {
    let base = this.db.selectFrom('annotation_layer');
    for (const f of c.filters) {
      if (f.col === 'all_text') base = base.where((eb) => eb.or([textMatches('annotation_layer.name', f.value), textMatches('annotation_layer.descr', f.value)]));
      else if ('opr' in f) base = base.where(textFilter(`annotation_layer.${f.col}`, f.opr, f.value));
      else base = base.where(`annotation_layer.${f.col}`, '=', f.value);
    }
    const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    let query = this.layersJoined()
      .where('annotation_layer.id', 'in', base.select('annotation_layer.id'))
      .orderBy(sql.ref(ANNOTATION_LAYER_ORDER[c.orderBy]), c.direction)
      .orderBy('annotation_layer.id', 'asc');
    if (c.pageSize >= 0) query = query.limit(c.pageSize).offset(c.page * c.pageSize);
    return { rows: await query.execute(), count: Number(count) };
  }

  async insertLayer(values: Insertable<AnnotationLayerTable>): Promise<number> {
    return (await this.db.insertInto('annotation_layer').values(values).returning('id').executeTakeFirstOrThrow()).id;
  }

  async updateLayer(id: number, changes: AnnotationLayerChanges): Promise<void> {
    await this.db.updateTable('annotation_layer').set(changes).where('id', '=', id).execute();
  }

  async deleteLayers(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('annotation_layer').where('id', 'in', [...ids]).execute();
  }

  async findAnnotation(layerId: number, id: number): Promise<AnnotationJoinedRow | null> {
    return (await this.annotationsJoined().where('annotation.layer_id', '=', layerId).where('annotation.id', '=', id).executeTakeFirst()) ?? null;
  }

  async findAnnotationsByIds(layerId: number, ids: readonly number[]): Promise<AnnotationRow[]> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('annotation').selectAll().where('layer_id', '=', layerId).where('id', 'in', [...ids]).execute();
  }

  async shortDescrTaken(layerId: number, shortDescr: string, exceptId: number | null): Promise<boolean> {
    let q = this.db.selectFrom('annotation').select('id').where('layer_id', '=', layerId).where('short_descr', '=', shortDescr);
    if (exceptId !== null) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async listAnnotations(layerId: number, c: AnnotationCriteria): Promise<{ rows: AnnotationJoinedRow[]; count: number }> {
    let base = this.db.selectFrom('annotation').where('annotation.layer_id', '=', layerId);
    for (const f of c.filters) {
      if (f.col === 'all_text') base = base.where((eb) => eb.or([textMatches('annotation.short_descr', f.value), textMatches('annotation.long_descr', f.value)]));
      else base = base.where(textFilter(`annotation.${f.col}`, f.opr, f.value));
    }
    const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    let query = this.annotationsJoined()
      .where('annotation.id', 'in', base.select('annotation.id'))
      .orderBy(sql.ref(ANNOTATION_ORDER[c.orderBy]), c.direction)
      .orderBy('annotation.id', 'asc');
    if (c.pageSize >= 0) query = query.limit(c.pageSize).offset(c.page * c.pageSize);
    return { rows: await query.execute(), count: Number(count) };
  }

  async insertAnnotation(values: Insertable<AnnotationTable>): Promise<number> {
    return (await this.db.insertInto('annotation').values(values).returning('id').executeTakeFirstOrThrow()).id;
  }

  async updateAnnotation(id: number, changes: AnnotationChanges): Promise<void> {
    await this.db.updateTable('annotation').set(changes).where('id', '=', id).execute();
  }

  async deleteAnnotations(layerId: number, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('annotation').where('layer_id', '=', layerId).where('id', 'in', [...ids]).execute();
  }

  /**
   * Annotations of these layers that overlap `[since, until)` (naive UTC text; null = unbounded), oldest first.
   * An annotation overlaps when it starts before the range ends and ends at or after it starts.
   */
  async annotationsInRange(layerIds: readonly number[], since: string | null, until: string | null): Promise<AnnotationRow[]> {
    if (layerIds.length === 0) return [];
    let q = this.db.selectFrom('annotation').selectAll().where('layer_id', 'in', [...layerIds]);
    if (until !== null) q = q.where('start_dttm', '<', until);
    if (since !== null) q = q.where('end_dttm', '>=', since);
    return q.orderBy('start_dttm').orderBy('id').execute();
  }
}
