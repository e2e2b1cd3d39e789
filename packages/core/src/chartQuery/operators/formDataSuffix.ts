import type { FormData } from '../../contracts/chartData.js';

/**
 * Mixed charts keep their second query's controls under a suffix (`metrics_b`, `groupby_b` ...). This returns the
 * form data of that query: suffixed keys replace their plain counterparts and shared keys are kept.
 */
export function retainFormDataSuffix(formData: FormData, suffix: string): FormData {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(formData)) {
    if (!key.endsWith(suffix)) result[key] = value;
  }
  for (const [key, value] of Object.entries(formData)) {
    if (key.endsWith(suffix)) result[key.slice(0, -suffix.length)] = value;
  }
  return result as FormData;
}

/** The first query's form data: every suffixed key removed. */
export function removeFormDataSuffix(formData: FormData, suffix: string): FormData {
  return Object.fromEntries(Object.entries(formData).filter(([key]) => !key.endsWith(suffix))) as FormData;
}
