import type { QueryObject } from '../../contracts/chartData.js';
import type { CompileOptions, DatasourceDescriptor, SqlDialect } from '../types.js';

/** What every pass reads. Passes are pure functions of it (and of earlier passes' results). */
export interface CompileContext {
  query: QueryObject;
  datasource: DatasourceDescriptor;
  dialect: SqlDialect;
  options: CompileOptions;
}

/** One output column of the SELECT list. */
export interface SelectItem {
  sql: string;
  label: string;
}

export interface ResolvedColumn extends SelectItem {
  temporal: boolean;
  /** A text column as is (no grain, no expression of ours): it can be replaced by 'Others'. */
  textual?: boolean;
}

/** Legacy timeseries queries name their time bucket this way. */
export const TIMESTAMP_LABEL = '__timestamp';
