import type { FormData } from '@tessera/core';

export type TableQueryMode = 'aggregate' | 'raw';

/**
 * The table's query mode as Superset reads it: the form data's own value when it is one of the two modes, else
 * raw records when columns are chosen (form data from a link or an older chart may lack `query_mode`).
 */
export function tableQueryMode(formData: FormData): TableQueryMode {
  const mode = formData.query_mode;
  if (mode === 'aggregate' || mode === 'raw') return mode;
  return Array.isArray(formData.all_columns) && formData.all_columns.length > 0 ? 'raw' : 'aggregate';
}

export const isRawMode = (formData: FormData): boolean => tableQueryMode(formData) === 'raw';
