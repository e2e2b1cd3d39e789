import type { FormData } from '@tessera/core';
import { forecastControlErrors } from '../../../viz/controlSets';
import type { ControlConfig } from '../../../viz/types';

/**
 * Errors that depend on more than one control, per control name (validateFormData's `external`): only
 * for charts that have the controls involved, so values carried over from another chart type stay quiet.
 */
export function crossControlErrors(formData: FormData, controls: ControlConfig[]): Record<string, string[]> {
  return controls.some((c) => c.name === 'forecastEnabled') ? forecastControlErrors(formData) : {};
}
