import { DASHBOARD_POSITION_DATA_LIMIT, GRID_COLUMN_COUNT, GRID_MAX_ROW_UNITS, GRID_MIN_COLUMN_COUNT } from './constants.js';
import { DASHBOARD_VERSION_KEY, LAYOUT_TYPES, ROOT_ID, type LayoutComponentType } from './layoutTypes.js';

/**
 * Heights past the resize handle's limit (GRID_MAX_ROW_UNITS) occur in dashboards saved by older Superset versions
 * and by hand-edited exports; they still draw, so only absurd values are refused.
 */
export const LAYOUT_MAX_HEIGHT_UNITS = GRID_MAX_ROW_UNITS * 10;

/** Superset's own words when a layout is over DASHBOARD_POSITION_DATA_LIMIT (the header's save check). */
export const LAYOUT_TOO_LARGE = 'Your dashboard is too large. Please reduce its size before saving it.';

export interface ValidateLayoutOptions {
  /** Whether a saved chart with this id exists; when left out, chart ids are only checked to be integers. */
  chartExists?: (id: number) => boolean;
}

const TYPES = new Set<string>(LAYOUT_TYPES);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const positiveInt = (v: unknown, max: number, min = 1): boolean => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** Chart ids named by the layout's CHART components (integers only; validateLayout reports the others). */
export function layoutChartIds(layout: unknown): number[] {
  if (!isObject(layout)) return [];
  const ids = new Set<number>();
  for (const value of Object.values(layout)) {
    if (!isObject(value) || value.type !== 'CHART' || !isObject(value.meta)) continue;
    const id = value.meta.chartId;
    if (typeof id === 'number' && Number.isInteger(id)) ids.add(id);
  }
  return [...ids];
}

/** One component's own shape: type, id, children and meta (no look at other components). */
function componentReason(key: string, value: unknown, opts: ValidateLayoutOptions): string | null {
  if (!isObject(value)) return `Component ${key} is not an object`;
  if (typeof value.type !== 'string' || !TYPES.has(value.type)) return `Component ${key} has an unknown type: ${String(value.type)}`;
  if (value.id !== undefined && value.id !== key) return `Component ${key} has a different id: ${String(value.id)}`;
  // Exported HEADER_ID, ROOT_ID and GRID_ID may lack children or meta: absent means empty.
  if (value.children !== undefined && (!Array.isArray(value.children) || value.children.some((c) => typeof c !== 'string'))) {
    return `Component ${key} has children that are not a list of ids`;
  }
  if (value.meta !== undefined && !isObject(value.meta)) return `Component ${key} has a meta that is not an object`;
  const meta = (value.meta ?? {}) as Record<string, unknown>;
  if (meta.width !== undefined && !positiveInt(meta.width, GRID_COLUMN_COUNT, GRID_MIN_COLUMN_COUNT)) {
    return `Component ${key} has a width that is not an integer from ${GRID_MIN_COLUMN_COUNT} to ${GRID_COLUMN_COUNT}`;
  }
  if (meta.height !== undefined && !positiveInt(meta.height, LAYOUT_MAX_HEIGHT_UNITS)) {
    return `Component ${key} has a height that is not an integer from 1 to ${LAYOUT_MAX_HEIGHT_UNITS}`;
  }
  if ((value.type as LayoutComponentType) === 'CHART') {
    const chartId = meta.chartId;
    if (typeof chartId !== 'number' || !Number.isInteger(chartId) || chartId < 1) return `Chart component ${key} has no valid chartId`;
    if (opts.chartExists && !opts.chartExists(chartId)) return `Chart component ${key} refers to chart ${chartId}, which does not exist`;
  }
  return null;
}

/** Depth-first walk from every component: a component reached again on the current path closes a cycle. */
function cycleAt(components: Map<string, string[]>): string | null {
  const state = new Map<string, 'open' | 'done'>();
  for (const start of components.keys()) {
    if (state.has(start)) continue;
    // An explicit stack: a hostile layout can nest deep enough to overflow recursion.
    const stack: { id: string; next: number }[] = [{ id: start, next: 0 }];
    state.set(start, 'open');
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const children = components.get(top.id) ?? [];
      if (top.next >= children.length) {
        state.set(top.id, 'done');
        stack.pop();
        continue;
      }
      const child = children[top.next++]!;
      const seen = state.get(child);
      if (seen === 'open') return child;
      if (seen === undefined) {
        state.set(child, 'open');
        stack.push({ id: child, next: 0 });
      }
    }
  }
  return null;
}

/**
 * Why a parsed `position_json` is not a layout the dashboard can draw, or null when it is (facts §4.3).
 * Accepts Superset's own exports: the `DASHBOARD_VERSION_KEY` entry, short ids, missing `parents`, fixed
 * components without children or meta, and orphans (components no parent lists, which are never drawn).
 */
export function validateLayout(layout: unknown, opts: ValidateLayoutOptions = {}): string | null {
  if (!isObject(layout)) return 'The layout is not an object';
  const children = new Map<string, string[]>();
  for (const [key, value] of Object.entries(layout)) {
    if (key === DASHBOARD_VERSION_KEY) {
      if (typeof value !== 'string') return `${DASHBOARD_VERSION_KEY} is not a string`;
      continue;
    }
    const reason = componentReason(key, value, opts);
    if (reason) return reason;
    children.set(key, ((value as { children?: string[] }).children ?? []) as string[]);
  }
  if (children.size === 0) return null;
  if (!children.has(ROOT_ID)) return `The layout has no ${ROOT_ID}`;
  if ((layout[ROOT_ID] as { type: string }).type !== 'ROOT') return `${ROOT_ID} is not of type ROOT`;

  const parentOf = new Map<string, string>();
  for (const [id, kids] of children) {
    for (const child of kids) {
      if (!children.has(child)) return `Component ${id} lists a child that does not exist: ${child}`;
      if (child === ROOT_ID) return `Component ${id} lists ${ROOT_ID} as a child`;
      if (child === id) return `The layout has a cycle through ${id}`;
      const other = parentOf.get(child);
      if (other !== undefined) return `Component ${child} has two parents: ${other} and ${id}`;
      parentOf.set(child, id);
    }
  }
  const cycle = cycleAt(children);
  if (cycle !== null) return `The layout has a cycle through ${cycle}`;

  for (const [id, kids] of children) {
    if ((layout[id] as { type: string }).type !== 'ROW') continue;
    const width = kids.reduce((sum, child) => sum + (((layout[child] as { meta?: { width?: number } }).meta?.width as number | undefined) ?? 0), 0);
    if (width > GRID_COLUMN_COUNT) return `Row ${id} is ${width} columns wide, more than ${GRID_COLUMN_COUNT}`;
  }
  return null;
}

/** The text check before parsing: size (DASHBOARD_POSITION_DATA_LIMIT) and JSON, then validateLayout. */
export function validatePositionJson(text: string, opts: ValidateLayoutOptions = {}): string | null {
  if (text.length > DASHBOARD_POSITION_DATA_LIMIT) return LAYOUT_TOO_LARGE;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return 'The layout is not valid JSON';
  }
  return validateLayout(parsed, opts);
}
