import {
  NATIVE_ANNOTATION_COLUMNS,
  annotationTimeToEpoch,
  type AnnotationCreate,
  type AnnotationLayerCreate,
  type AnnotationLayerListItem,
  type AnnotationLayerUpdate,
  type AnnotationListItem,
  type AnnotationShow,
  type AnnotationUpdate,
  type ListQuery,
  type NativeAnnotationData,
  type NativeAnnotationLayerRef,
  type Principal,
} from '@tessera/core';
import { notFound, unprocessable } from '../../app/httpErrors.js';
import { nowIso } from '../../metadata-store/createMetadataStore.js';
import { annotationCriteria, annotationLayerCriteria } from './annotationListQuery.js';
import type { AnnotationChanges, AnnotationJoinedRow, AnnotationLayerChanges, AnnotationLayerJoinedRow, AnnotationLayersRepository } from './annotationLayers.repository.js';
import { toAnnotationListItem, toAnnotationShow, toLayerListItem } from './annotationViews.js';
import type { RelatedUser } from '../security/relatedUsers.js';

/** Superset's messages for the annotation commands' business rules (422 with a field map). */
export const ANNOTATION_MESSAGES = {
  layerNameUnique: 'Name must be unique',
  shortDescrUnique: 'Short description must be unique for this layer',
  datesOrder: 'End date must be after start date',
  layerHasAnnotations: 'Annotation layer has associated annotations.',
} as const;

/** Epoch ms of a chart's time bound → the stored text form (null stays unbounded). */
const boundText = (ms: number | null): string | null => (ms === null || !Number.isFinite(ms) ? null : new Date(ms).toISOString().slice(0, 19));

/**
 * Annotation layers and their annotations. Anyone holding can_write on Annotation may change any layer
 * (layers have no owners in Superset); routes check the permission, this class owns the rules.
 */
export class AnnotationLayersService {
  constructor(private readonly repo: AnnotationLayersRepository) {}

  relatedUsers(filter: string): Promise<RelatedUser[]> {
    return this.repo.relatedUsers(filter);
  }

  async listLayers(q: ListQuery): Promise<{ rows: AnnotationLayerListItem[]; count: number }> {
    const { rows, count } = await this.repo.listLayers(annotationLayerCriteria(q));
    const now = Date.now();
    return { rows: rows.map((r) => toLayerListItem(r, now)), count };
  }

  async layer(id: number): Promise<AnnotationLayerJoinedRow> {
    const row = await this.repo.findLayer(id);
    if (!row) throw notFound();
    return row;
  }

  async createLayer(principal: Principal, input: AnnotationLayerCreate): Promise<AnnotationLayerJoinedRow> {
    if (await this.repo.layerNameTaken(input.name, null)) throw unprocessable({ name: [ANNOTATION_MESSAGES.layerNameUnique] });
    const now = nowIso();
    const id = await this.repo.insertLayer({
      name: input.name,
      descr: input.descr ?? null,
      created_on: now,
      changed_on: now,
      created_by_fk: principal.id,
      changed_by_fk: principal.id,
    });
    return this.layer(id);
  }

  async updateLayer(principal: Principal, id: number, input: AnnotationLayerUpdate): Promise<AnnotationLayerJoinedRow> {
    await this.layer(id);
    if (input.name !== undefined && (await this.repo.layerNameTaken(input.name, id))) throw unprocessable({ name: [ANNOTATION_MESSAGES.layerNameUnique] });
    const changes: AnnotationLayerChanges = { changed_on: nowIso(), changed_by_fk: principal.id };
    if (input.name !== undefined) changes.name = input.name;
    if (input.descr !== undefined) changes.descr = input.descr;
    await this.repo.updateLayer(id, changes);
    return this.layer(id);
  }

  /** All or nothing: a missing id is 404; a layer that still has annotations is 422, as in Superset. */
  async deleteLayers(ids: readonly number[]): Promise<number> {
    const unique = [...new Set(ids)];
    if ((await this.repo.findLayersByIds(unique)).length !== unique.length) throw notFound();
    if ((await this.repo.layersWithAnnotations(unique)) > 0) throw unprocessable(ANNOTATION_MESSAGES.layerHasAnnotations);
    await this.repo.deleteLayers(unique);
    return unique.length;
  }

  async listAnnotations(layerId: number, q: ListQuery): Promise<{ rows: AnnotationListItem[]; count: number }> {
    await this.layer(layerId);
    const { rows, count } = await this.repo.listAnnotations(layerId, annotationCriteria(q));
    const now = Date.now();
    return { rows: rows.map((r) => toAnnotationListItem(r, now)), count };
  }

  async annotation(layerId: number, id: number): Promise<AnnotationJoinedRow> {
    await this.layer(layerId);
    const row = await this.repo.findAnnotation(layerId, id);
    if (!row) throw notFound();
    return row;
  }

  async showAnnotation(layerId: number, id: number): Promise<AnnotationShow> {
    return toAnnotationShow(await this.annotation(layerId, id));
  }

  private async checkAnnotation(layerId: number, fields: { short_descr: string; start_dttm: string; end_dttm: string }, exceptId: number | null): Promise<void> {
    const errors: Record<string, string[]> = {};
    // Fixed-width naive UTC text: text order is time order.
    if (fields.end_dttm < fields.start_dttm) errors.start_dttm = [ANNOTATION_MESSAGES.datesOrder];
    if (await this.repo.shortDescrTaken(layerId, fields.short_descr, exceptId)) errors.short_descr = [ANNOTATION_MESSAGES.shortDescrUnique];
    if (Object.keys(errors).length > 0) throw unprocessable(errors);
  }

  async createAnnotation(principal: Principal, layerId: number, input: AnnotationCreate): Promise<AnnotationJoinedRow> {
    await this.layer(layerId);
    await this.checkAnnotation(layerId, input, null);
    const now = nowIso();
    const id = await this.repo.insertAnnotation({
      layer_id: layerId,
      start_dttm: input.start_dttm,
      end_dttm: input.end_dttm,
      short_descr: input.short_descr,
      long_descr: input.long_descr ?? null,
      json_metadata: input.json_metadata ?? null,
      created_on: now,
      changed_on: now,
      created_by_fk: principal.id,
      changed_by_fk: principal.id,
    });
    return this.annotation(layerId, id);
  }

  async updateAnnotation(principal: Principal, layerId: number, id: number, input: AnnotationUpdate): Promise<AnnotationJoinedRow> {
    const current = await this.annotation(layerId, id);
    const merged = {
      short_descr: input.short_descr ?? current.short_descr,
      start_dttm: input.start_dttm ?? current.start_dttm,
      end_dttm: input.end_dttm ?? current.end_dttm,
    };
    await this.checkAnnotation(layerId, merged, id);
    const changes: AnnotationChanges = { ...merged, changed_on: nowIso(), changed_by_fk: principal.id };
    if (input.long_descr !== undefined) changes.long_descr = input.long_descr;
    if (input.json_metadata !== undefined) changes.json_metadata = input.json_metadata;
    await this.repo.updateAnnotation(id, changes);
    return this.annotation(layerId, id);
  }

  async deleteAnnotations(layerId: number, ids: readonly number[]): Promise<number> {
    await this.layer(layerId);
    const unique = [...new Set(ids)];
    if ((await this.repo.findAnnotationsByIds(layerId, unique)).length !== unique.length) throw notFound();
    await this.repo.deleteAnnotations(layerId, unique);
    return unique.length;
  }

  /**
   * `annotation_data` of a chart answer: for each native layer that exists, its annotations overlapping the
   * query's time range (all of them without one). A layer that no longer exists is left out, so the chart
   * still draws and the client can say which layer failed.
   */
  async nativeAnnotationData(layers: readonly NativeAnnotationLayerRef[], since: number | null, until: number | null): Promise<Record<string, NativeAnnotationData>> {
    const existing = new Set((await this.repo.findLayersByIds([...new Set(layers.map((l) => l.layerId))])).map((r) => r.id));
    const rows = await this.repo.annotationsInRange([...existing], boundText(since), boundText(until));
    const out: Record<string, NativeAnnotationData> = {};
    for (const layer of layers) {
      if (!existing.has(layer.layerId)) continue;
      out[layer.name] = {
        columns: [...NATIVE_ANNOTATION_COLUMNS],
        records: rows
          .filter((r) => r.layer_id === layer.layerId)
          .map((r) => ({
            start_dttm: annotationTimeToEpoch(r.start_dttm),
            end_dttm: annotationTimeToEpoch(r.end_dttm),
            short_descr: r.short_descr,
            long_descr: r.long_descr,
            json_metadata: r.json_metadata,
          })),
      };
    }
    return out;
  }
}
