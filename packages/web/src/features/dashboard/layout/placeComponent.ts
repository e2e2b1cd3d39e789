import { DASHBOARD_MESSAGES, GRID_COLUMN_COUNT, ROOT_ID, type DashboardLayout } from '@tessera/core';
import type { IdSource } from './componentIds';
import { insertChild } from './layoutDraft';
import type { DropDestination } from './layoutResult';
import { refuse } from './layoutResult';
import {
  ancestorIds,
  componentWidth,
  isValidChild,
  minimumWidth,
  occupiedWidth,
  parentIndex,
  rowCapacity,
  shouldWrapInRow,
  subtreeIds,
} from './layoutRules';
import { newRow } from './newComponent';

/** The width a component gets in a row with `capacity` free columns, or a refusal with the spec §5 message. */
function fitWidth(draft: DashboardLayout, id: string, capacity: number): void {
  const component = draft[id]!;
  const width = componentWidth(component);
  if (capacity >= width) return;
  // Superset's getComponentWidthFromDrop: shrink to the space left when the component can be that narrow.
  if (capacity >= minimumWidth(draft, component)) {
    component.meta.width = capacity;
    return;
  }
  refuse(DASHBOARD_MESSAGES.noSpace);
}

/**
 * Puts the detached component `id` at `destination` on a draft: wraps row items dropped on the GRID or a TAB in a
 * new ROW, checks the parent accepts it and that no row gets wider than it may be. `keepWidth` is set for a move
 * inside the same row (its width is already counted there).
 */
export function placeComponent(draft: DashboardLayout, id: string, destination: DropDestination, newId: IdSource, keepWidth = false): void {
  const parent = draft[destination.parentId];
  const component = draft[id];
  if (!parent || !component) refuse();
  if (subtreeIds(draft, id).includes(parent.id)) refuse();
  const parents = parentIndex(draft);
  // Only containers on the tree take drops (not the GRID kept empty under top-level tabs).
  if (ancestorIds(draft, parent.id, parents).at(-1) !== ROOT_ID) refuse();

  if (shouldWrapInRow(parent.type, component.type)) {
    fitWidth(draft, id, GRID_COLUMN_COUNT);
    const row = newRow(newId('ROW'));
    row.children.push(id);
    draft[row.id] = row;
    insertChild(draft, parent.id, row.id, destination.index);
    return;
  }
  if (!isValidChild(parent.type, component.type)) refuse();

  const insideColumn = parent.type === 'COLUMN' || ancestorIds(draft, parent.id, parents).some((a) => draft[a]?.type === 'COLUMN');
  // Columns never nest: a row inside a column holds charts, markdown and dynamic components only.
  if (insideColumn && subtreeIds(draft, id).some((d) => draft[d]?.type === 'COLUMN')) refuse();

  if (parent.type === 'ROW' && !keepWidth) {
    fitWidth(draft, id, rowCapacity(draft, parent.id, parents) - occupiedWidth(draft, parent.id, id));
  }
  if (parent.type === 'COLUMN' && component.type === 'ROW' && occupiedWidth(draft, id) > componentWidth(parent)) {
    refuse(DASHBOARD_MESSAGES.noSpace);
  }
  insertChild(draft, parent.id, id, destination.index);
}
