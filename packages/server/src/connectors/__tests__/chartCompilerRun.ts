import { compileQueryObject, type CompileOptions, type CompiledQuery, type QueryObject } from '@tessera/core';
import type { ChartEngine } from './chartCompilerEngines.js';
import { normaliseTimestamp } from './timeGrainCases.js';

export const COMPILE_OPTIONS: CompileOptions = { now: new Date('2024-03-15T10:30:00Z'), maxRowLimit: 1000, defaultRowLimit: 100 };

export type Row = Record<string, unknown>;

/** Runs compiled SQL and returns rows keyed by the result's column names. */
export async function runSql(engine: ChartEngine, compiled: CompiledQuery): Promise<{ columns: string[]; rows: Row[] }> {
  const result = await engine.handle.execute(compiled.sql);
  const columns = result.columns.map((c) => c.name);
  const rows = Array.from({ length: result.rowCount }, (_, r) => Object.fromEntries(columns.map((name, c) => [name, result.data[c]![r]])));
  return { columns, rows };
}

export async function runQuery(engine: ChartEngine, query: QueryObject, datasource = engine.datasource) {
  const compiled = compileQueryObject(query, datasource, engine.dialect, COMPILE_OPTIONS);
  return { compiled, ...(await runSql(engine, compiled)) };
}

/** Engines return numbers as number, bigint or decimal text; compare them as numbers. */
export const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
export const ts = (value: unknown): string | null => (value === null ? null : normaliseTimestamp(value));

/** Sorted for engine-independent comparison (NULLs sort differently per engine). */
export const sorted = <T>(values: T[]): T[] => [...values].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
