import {
  GRID_DEFAULT_CHART_HEIGHT,
  GRID_DEFAULT_CHART_WIDTH,
  GRID_DEFAULT_MARKDOWN_HEIGHT,
  NEW_HEADER_TEXT,
  NEW_MARKDOWN_TEXT,
  NEW_TAB_TEXT,
  type LayoutComponent,
  type LayoutComponentType,
  type LayoutMeta,
} from '@tessera/core';

/** What the "Layout elements" pane offers. */
export const NEW_ELEMENT_TYPES = ['TABS', 'ROW', 'COLUMN', 'HEADER', 'MARKDOWN', 'DIVIDER'] as const;
export type NewElementType = (typeof NEW_ELEMENT_TYPES)[number];

/** A component to create: a layout element, a DYNAMIC placeholder, or a chart from the "Charts" pane. */
export type NewComponentSpec =
  | { type: NewElementType | 'DYNAMIC' | 'TAB' }
  | { type: 'CHART'; chartId: number; sliceName?: string; uuid?: string };

/** Default meta per type (Superset's newComponentFactory, with the constants of spec §9). */
function defaultMeta(spec: NewComponentSpec): LayoutMeta {
  switch (spec.type) {
    case 'CHART': {
      const meta: LayoutMeta = { chartId: spec.chartId, width: GRID_DEFAULT_CHART_WIDTH, height: GRID_DEFAULT_CHART_HEIGHT };
      if (spec.sliceName !== undefined) meta.sliceName = spec.sliceName;
      if (spec.uuid !== undefined) meta.uuid = spec.uuid;
      return meta;
    }
    case 'MARKDOWN':
      return { width: GRID_DEFAULT_CHART_WIDTH, height: GRID_DEFAULT_MARKDOWN_HEIGHT, code: NEW_MARKDOWN_TEXT };
    case 'COLUMN':
      return { width: GRID_DEFAULT_CHART_WIDTH, background: 'BACKGROUND_TRANSPARENT' };
    case 'DYNAMIC':
      return { width: GRID_DEFAULT_CHART_WIDTH, height: GRID_DEFAULT_CHART_HEIGHT };
    case 'HEADER':
      return { text: NEW_HEADER_TEXT, headerSize: 'MEDIUM_HEADER', background: 'BACKGROUND_TRANSPARENT' };
    case 'ROW':
      return { background: 'BACKGROUND_TRANSPARENT' };
    case 'TAB':
      return { text: NEW_TAB_TEXT, defaultText: NEW_TAB_TEXT, placeholder: NEW_TAB_TEXT };
    case 'TABS':
    case 'DIVIDER':
      return {};
  }
}

export function newComponent(spec: NewComponentSpec, id: string): LayoutComponent {
  return { id, type: spec.type, children: [], meta: defaultMeta(spec) };
}

export function newTab(id: string): LayoutComponent {
  return newComponent({ type: 'TAB' }, id);
}

export function newRow(id: string): LayoutComponent {
  return newComponent({ type: 'ROW' }, id);
}

/** Types a spec creates, so an action's `prepare` can make their ids ahead (plus a wrapping ROW and a TAB). */
export function typesCreatedBy(spec: NewComponentSpec): LayoutComponentType[] {
  const types: LayoutComponentType[] = [spec.type, 'ROW'];
  if (spec.type === 'TABS') types.push('TAB');
  return types;
}
