import { userRef, type AnnotationLayerListItem, type AnnotationLayerShow, type AnnotationListItem, type AnnotationShow } from '@tessera/core';
import { humanizeDelta } from '../databases/humanizeDelta.js';
import type { AnnotationJoinedRow, AnnotationLayerJoinedRow, AnnotationLayerRow, AnnotationRow } from './annotationLayers.repository.js';

/** Rows → the API's shapes (Superset's show/list columns of the annotation layer and annotation APIs). */

export const LAYER_SHOW_COLUMNS = ['id', 'name', 'descr'];
export const LAYER_LIST_COLUMNS = [
  'id',
  'name',
  'descr',
  'created_by.first_name',
  'created_by.last_name',
  'changed_by.first_name',
  'changed_by.last_name',
  'changed_on',
  'changed_on_delta_humanized',
  'created_on',
];
export const ANNOTATION_SHOW_COLUMNS = ['id', 'start_dttm', 'end_dttm', 'short_descr', 'long_descr', 'json_metadata', 'layer.id', 'layer.name'];
export const ANNOTATION_LIST_COLUMNS = [
  'id',
  'changed_on_delta_humanized',
  'created_by.first_name',
  'created_by.id',
  'created_by.last_name',
  'end_dttm',
  'json_metadata',
  'long_descr',
  'short_descr',
  'start_dttm',
];

export const toLayerShow = (row: AnnotationLayerRow): AnnotationLayerShow => ({ id: row.id, name: row.name, descr: row.descr });

export function toLayerListItem(row: AnnotationLayerJoinedRow, now = Date.now()): AnnotationLayerListItem {
  return {
    ...toLayerShow(row),
    created_on: row.created_on,
    changed_on: row.changed_on,
    changed_on_delta_humanized: humanizeDelta(row.changed_on, now),
    created_by: userRef(row.created_by_fk, row.created_by_first_name, row.created_by_last_name),
    changed_by: userRef(row.changed_by_fk, row.changed_by_first_name, row.changed_by_last_name),
  };
}

/** What POST/PUT echo: the written fields, as FAB's add/edit schemas do. */
export const layerResult = (row: AnnotationLayerRow) => ({ name: row.name, descr: row.descr });

export const annotationResult = (row: AnnotationRow) => ({
  short_descr: row.short_descr,
  long_descr: row.long_descr,
  start_dttm: row.start_dttm,
  end_dttm: row.end_dttm,
  json_metadata: row.json_metadata,
});

export const toAnnotationShow = (row: AnnotationJoinedRow): AnnotationShow => ({
  id: row.id,
  ...annotationResult(row),
  layer: { id: row.layer_id, name: row.layer_name },
});

export function toAnnotationListItem(row: AnnotationJoinedRow, now = Date.now()): AnnotationListItem {
  return {
    id: row.id,
    ...annotationResult(row),
    changed_on_delta_humanized: humanizeDelta(row.changed_on, now),
    created_by: userRef(row.created_by_fk, row.created_by_first_name, row.created_by_last_name),
  };
}
