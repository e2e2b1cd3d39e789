import { useLayoutEffect, useMemo, useState } from 'react';
import { autocompletion } from '@codemirror/autocomplete';
import { keywordCompletionSource, sql } from '@codemirror/lang-sql';
import type { Extension } from '@codemirror/state';
import { useSqlLabFunctionNamesQuery, useSqlLabSchemasQuery, useSqlLabTablesQuery } from '../../../api/sqllabResourcesApi';
import { selectEditorTables } from '../state/selectors';
import { buildCompletionIndex, CompletionIndexHolder, dialectFor, indexCompletionSource } from '../utils/sqlCompletion';
import { useSqlLabSelector } from './useSqlLabStore';

const EMPTY: string[] = [];

/** CodeMirror SQL language + autocomplete (keywords of the dialect, then functions, schemas, tables, columns). */
export function useSqlCompletions(editorId: string, dbId: number | null, schema: string | null): Extension[] {
  const backend = useSqlLabSelector((s) => (dbId === null ? undefined : s.sqlLab.databases[String(dbId)]?.backend));
  const tables = useSqlLabSelector((s) => selectEditorTables(s, editorId));
  const skip = dbId === null;
  const { data: functions = EMPTY } = useSqlLabFunctionNamesQuery(dbId ?? 0, { skip });
  const { data: schemas = EMPTY } = useSqlLabSchemasQuery({ dbId: dbId ?? 0, force: 0 }, { skip });
  const { data: tableList } = useSqlLabTablesQuery({ dbId: dbId ?? 0, schema: schema ?? '', force: 0 }, { skip: skip || !schema });

  const index = useMemo(
    () =>
      buildCompletionIndex({
        functions,
        schemas,
        tables: tableList?.result.map((t) => t.value) ?? EMPTY,
        schema,
        columns: tables.flatMap((t) => t.columns.map((c) => ({ name: c.name, table: t.name, type: c.type }))),
      }),
    [functions, schemas, tableList, tables, schema],
  );
  const [holder] = useState(() => new CompletionIndexHolder());
  useLayoutEffect(() => holder.set(index), [holder, index]);

  return useMemo(() => {
    const dialect = dialectFor(backend);
    return [
      sql({ dialect, upperCaseKeywords: true }),
      autocompletion({
        override: [keywordCompletionSource(dialect, true), indexCompletionSource(() => holder.get())],
        maxRenderedOptions: 100,
      }),
    ];
  }, [backend, holder]);
}
