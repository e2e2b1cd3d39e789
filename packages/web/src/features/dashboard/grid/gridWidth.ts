import { GRID_COLUMN_COUNT, GRID_GUTTER_SIZE } from '@tessera/core';

/** Pixels of `units` grid columns in a container `containerWidth` px wide (gutters between columns, none outside). */
export function unitsToPx(units: number, containerWidth: number): number {
  return Math.max(0, ((containerWidth + GRID_GUTTER_SIZE) / GRID_COLUMN_COUNT) * units - GRID_GUTTER_SIZE);
}

/** Pixels one column (with its gutter) spans: resize handles snap by this. */
export function columnStepPx(containerWidth: number): number {
  return (containerWidth + GRID_GUTTER_SIZE) / GRID_COLUMN_COUNT;
}
