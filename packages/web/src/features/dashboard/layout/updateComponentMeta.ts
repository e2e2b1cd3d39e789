import { createNextState } from '@reduxjs/toolkit';
import type { DashboardLayout, LayoutComponentType, LayoutMeta } from '@tessera/core';
import type { LayoutResult } from './layoutResult';

const HEADER_SIZES = ['SMALL_HEADER', 'MEDIUM_HEADER', 'LARGE_HEADER'];
const BACKGROUNDS = ['BACKGROUND_TRANSPARENT', 'BACKGROUND_WHITE'];
const MAX_TEXT = 65_535;

type MetaCheck = (value: unknown) => boolean;
const text: MetaCheck = (value) => typeof value === 'string' && value.length <= MAX_TEXT;
const oneOf =
  (choices: string[]): MetaCheck =>
  (value) =>
    typeof value === 'string' && choices.includes(value);

/** The meta keys a user may edit per component type, with the values they accept. */
const EDITABLE_META: Partial<Record<LayoutComponentType, Record<string, MetaCheck>>> = {
  MARKDOWN: { code: text },
  HEADER: { text, headerSize: oneOf(HEADER_SIZES), background: oneOf(BACKGROUNDS) },
  TAB: { text },
  // An empty override means "use the chart's own name" (Superset drops it the same way).
  CHART: { sliceNameOverride: (value) => value === undefined || text(value) },
  ROW: { background: oneOf(BACKGROUNDS) },
  COLUMN: { background: oneOf(BACKGROUNDS) },
};

/**
 * Updates what the user edits inline: markdown code, header text/size/background, tab title, a chart's name
 * override, row and column backgrounds. Other keys and bad values are refused; an unchanged value gives the same
 * layout (no undo step).
 */
export function updateComponentMeta(layout: DashboardLayout, id: string, meta: Partial<LayoutMeta>): LayoutResult {
  const component = layout[id];
  const checks = component ? EDITABLE_META[component.type] : undefined;
  if (!component || !checks) return { ok: false };
  const entries = Object.entries(meta).map(([key, value]) =>
    key === 'sliceNameOverride' && value === '' ? ([key, undefined] as const) : ([key, value] as const),
  );
  if (entries.length === 0 || entries.some(([key, value]) => !checks[key]?.(value))) return { ok: false };
  const changed = entries.filter(([key, value]) => component.meta[key] !== value);
  if (changed.length === 0) return { ok: true, layout };
  const next = createNextState(layout, (draft) => {
    const target = draft[id]!.meta;
    for (const [key, value] of changed) {
      if (value === undefined) delete target[key];
      else target[key] = value;
    }
  });
  return { ok: true, layout: next };
}
