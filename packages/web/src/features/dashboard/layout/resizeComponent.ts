import { createNextState } from '@reduxjs/toolkit';
import { GRID_MAX_ROW_UNITS, GRID_MIN_ROW_UNITS, type DashboardLayout } from '@tessera/core';
import type { LayoutResult } from './layoutResult';
import { componentWidth, findParentId, minimumWidth, occupiedWidth, rowCapacity } from './layoutRules';

export interface ResizeRequest {
  /** Width in grid columns. */
  width?: number;
  /** Height in GRID_BASE_UNIT units. */
  height?: number;
}

const HEIGHT_TYPES = new Set(['CHART', 'MARKDOWN', 'DYNAMIC']);

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** The widest a component may become: the columns its row leaves free (none for items stacked in a column). */
export function maximumWidth(layout: DashboardLayout, id: string): number {
  const parentId = findParentId(layout, id);
  const parent = parentId ? layout[parentId] : undefined;
  if (parent?.type !== 'ROW') return componentWidth(layout[id]);
  return rowCapacity(layout, parent.id) - occupiedWidth(layout, parent.id, id);
}

/**
 * Resizes a chart, markdown, dynamic component or column. Sizes snap to whole units: width in columns from the
 * minimum to the free space of the row; height from GRID_MIN_ROW_UNITS to GRID_MAX_ROW_UNITS. Components stacked in a
 * column are drawn at the column's width, so only their height changes. Nothing to change gives the same layout.
 */
export function resizeComponent(layout: DashboardLayout, id: string, request: ResizeRequest): LayoutResult {
  const component = layout[id];
  if (!component) return { ok: false };
  let width: number | undefined;
  let height: number | undefined;
  const parentType = layout[findParentId(layout, id) ?? '']?.type;
  if (request.width !== undefined && Number.isFinite(request.width) && parentType === 'ROW' && component.type !== 'ROW') {
    const max = maximumWidth(layout, id);
    const min = minimumWidth(layout, component);
    if (max >= min) width = clamp(Math.round(request.width), min, max);
  }
  if (request.height !== undefined && Number.isFinite(request.height) && HEIGHT_TYPES.has(component.type)) {
    height = clamp(Math.round(request.height), GRID_MIN_ROW_UNITS, GRID_MAX_ROW_UNITS);
  }
  const widthChanges = width !== undefined && width !== component.meta.width;
  const heightChanges = height !== undefined && height !== component.meta.height;
  if (!widthChanges && !heightChanges) return { ok: true, layout };
  const next = createNextState(layout, (draft) => {
    const meta = draft[id]!.meta;
    if (widthChanges) meta.width = width;
    if (heightChanges) meta.height = height;
  });
  return { ok: true, layout: next };
}
