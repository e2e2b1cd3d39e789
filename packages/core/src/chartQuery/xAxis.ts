import type { FormData, QueryColumn } from '../contracts/chartData.js';
import { getColumnLabel, isAdhocColumn, isPhysicalColumn } from './getColumnLabel.js';

/** The label legacy (granularity_sqla) charts get for their time column in results. */
export const DTTM_ALIAS = '__timestamp';

export function isXAxisSet(formData: Pick<FormData, 'x_axis'>): boolean {
  const xAxis = formData.x_axis;
  return (isPhysicalColumn(xAxis) && xAxis.length > 0) || isAdhocColumn(xAxis);
}

/** The x-axis column; legacy form data with only granularity_sqla gets the `__timestamp` alias. */
export function getXAxisColumn(formData: Pick<FormData, 'x_axis' | 'granularity_sqla'>): QueryColumn | undefined {
  if (isXAxisSet(formData)) return formData.x_axis as QueryColumn;
  if (formData.granularity_sqla) return DTTM_ALIAS;
  return undefined;
}

export function getXAxisLabel(formData: Pick<FormData, 'x_axis' | 'granularity_sqla'>): string | undefined {
  const column = getXAxisColumn(formData);
  return column === undefined ? undefined : getColumnLabel(column);
}
