import type { DragEvent } from 'react';
import type { ChartListItem } from '@tessera/core';
import type { NewComponentSpec } from '../layout/newComponent';

/** What is being dragged: a new element or chart from the builder's panes, or a component of the layout. */
export type DragPayload = { kind: 'new'; spec: NewComponentSpec; chart?: ChartListItem } | { kind: 'move'; id: string };

// HTML5 drag data cannot be read during dragover, so the payload lives here for the drag's duration.
let current: DragPayload | null = null;

export function startDrag(event: DragEvent, payload: DragPayload): void {
  current = payload;
  event.stopPropagation();
  event.dataTransfer.effectAllowed = 'move';
  // Firefox starts a drag only with some data set.
  event.dataTransfer.setData('text/plain', payload.kind === 'move' ? payload.id : payload.spec.type);
}

export function currentDrag(): DragPayload | null {
  return current;
}

export function endDrag(): void {
  current = null;
}
