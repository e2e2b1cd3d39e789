import type { FormData } from '@tessera/core';
import type { ExploreBootstrapArgs } from '../../../api/exploreApi';

/** What an explore address asks for. */
export interface ExploreUrlParams {
  args: ExploreBootstrapArgs;
  force: boolean;
  vizType: string | undefined;
  /**
   * Controls an old link carries in `?form_data={...}` (Superset 1.x wrote the whole form data into the
   * address): laid over what the bootstrap answers, so the link opens the chart as it was shared.
   */
  formDataOverlay: FormData | undefined;
}

const toId = (value: unknown): number | undefined => {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 ? value : undefined;
  return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : undefined;
};

const DATASOURCE = /^(\d+)__(\w+)$/;

/** Keys of `form_data` that say what to open rather than how to draw it. */
const ADDRESS_KEYS = new Set(['slice_id', 'datasource', 'datasource_id', 'datasource_type', 'viz_type', 'form_data_key', 'permalink_key']);

/** `?form_data=` as an object, or null when it is missing or not a JSON object (then it is ignored, as Superset does). */
function formDataParam(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Reads ?slice_id=, ?datasource_id=&datasource_type=, ?datasource=<id>__<type>, ?form_data_key=, ?permalink_key=
 * (or the /explore/p/<key>/ path), ?viz_type=, ?force= and Superset's ?form_data={...}. As in Superset, the
 * address's own parameters win over the same keys inside form_data.
 */
export function parseExploreUrl(search: string, pathKey?: string): ExploreUrlParams {
  const read = new URLSearchParams(search);
  const formData = formDataParam(read.get('form_data'));
  const fromForm = (key: string): unknown => formData?.[key];

  const combined = DATASOURCE.exec(read.get('datasource') ?? '') ?? DATASOURCE.exec(typeof fromForm('datasource') === 'string' ? (fromForm('datasource') as string) : '');
  let datasourceId = toId(read.get('datasource_id') ?? undefined);
  let datasourceType = read.get('datasource_type') ?? undefined;
  if (datasourceId === undefined && combined) {
    datasourceId = Number(combined[1]);
    datasourceType = combined[2];
  }
  if (datasourceId === undefined) {
    datasourceId = toId(fromForm('datasource_id'));
    if (datasourceId !== undefined && typeof fromForm('datasource_type') === 'string') datasourceType = fromForm('datasource_type') as string;
  }
  const text = (key: string): string | undefined => {
    const value = read.get(key) ?? fromForm(key);
    return typeof value === 'string' && value !== '' ? value : undefined;
  };

  const args: ExploreBootstrapArgs = {
    slice_id: toId(read.get('slice_id') ?? undefined) ?? toId(fromForm('slice_id')),
    datasource_id: datasourceId,
    datasource_type: datasourceId !== undefined ? (datasourceType ?? 'table') : undefined,
    form_data_key: text('form_data_key'),
    permalink_key: pathKey ?? text('permalink_key'),
  };
  let overlay: FormData | undefined;
  if (formData) {
    const controls = Object.fromEntries(Object.entries(formData).filter(([key]) => !ADDRESS_KEYS.has(key)));
    if (Object.keys(controls).length > 0) overlay = controls as FormData;
  }
  const force = ['true', '1'].includes(read.get('force') ?? '');
  return { args, force, vizType: text('viz_type'), formDataOverlay: overlay };
}
