import type { FormData } from '@tessera/core';
import type { ControlConfig } from '../../../viz/types';
import { validateFormData } from '../utils/controls';
import type { ExploreState } from './exploreSlice';

const renderTriggerNames = (controls: ControlConfig[]) => new Set(controls.filter((c) => c.renderTrigger).map((c) => c.name));

/** Form data the chart draws with: the last run's, with render-only controls taken from the current form. */
export function selectRenderFormData(state: Pick<ExploreState, 'queryFormData' | 'formData' | 'controls'>): FormData | null {
  if (!state.queryFormData) return null;
  const next: FormData = { ...state.queryFormData };
  for (const name of renderTriggerNames(state.controls)) next[name] = state.formData[name];
  return next;
}

/** Chart identity, not query input: a save adds slice_id without making the chart stale. */
const NOT_QUERY_KEYS = new Set(['slice_id', 'url_params', 'dashboards']);

/** True when a control that needs a new query changed since the last run. */
export function selectIsStale(state: ExploreState): boolean {
  if (!state.queryFormData) return true;
  const renderOnly = renderTriggerNames(state.controls);
  const keys = new Set([...Object.keys(state.formData), ...Object.keys(state.queryFormData)]);
  for (const key of keys) {
    if (renderOnly.has(key) || NOT_QUERY_KEYS.has(key)) continue;
    if (JSON.stringify(state.formData[key]) !== JSON.stringify(state.queryFormData[key])) return true;
  }
  return false;
}

export const selectControlErrors = (state: ExploreState) =>
  validateFormData(state.formData, state.controls, state.datasource);
