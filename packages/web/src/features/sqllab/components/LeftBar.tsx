import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Form, Select, Space, Tooltip } from 'antd';
import { useSqlLabSchemasQuery, useSqlLabTablesQuery } from '../../../api/sqllabResourcesApi';
import { ReloadOutlined } from '../../../ui/icons';
import { useSqlLabDispatch, useSqlLabSelector } from '../hooks/useSqlLabStore';
import { selectEditorTables } from '../state/selectors';
import { updateQueryEditor } from '../state/sqlLabSlice';
import { addTableToEditor } from '../state/tableThunks';
import type { QueryEditor } from '../state/types';
import { TableElement } from './TableElement';
import { TableSelect } from './TableSelect';
import { defaultSchemaOf } from '../utils/defaultSchema';

/** Database, schema and table pickers, and the tables added to the tab. */
export function LeftBar({ editor }: { editor: QueryEditor }) {
  const dispatch = useSqlLabDispatch();
  const databases = useSqlLabSelector((s) => s.sqlLab.databases);
  const tables = useSqlLabSelector((s) => selectEditorTables(s, editor.id));
  const [force, setForce] = useState(0);
  const { dbId, schema } = editor;
  const schemas = useSqlLabSchemasQuery({ dbId: dbId ?? 0, force }, { skip: dbId === null });
  const tableList = useSqlLabTablesQuery({ dbId: dbId ?? 0, schema: schema ?? '', force }, { skip: dbId === null || !schema });

  // A tab without a schema gets the database's usual one (main, public, or the only one) once per database
  // choice, so tables list at once; clearing the schema afterwards is respected.
  const defaulted = useRef<number | null>(null);
  const backend = dbId === null ? undefined : databases[String(dbId)]?.backend;
  useEffect(() => {
    if (dbId === null || schema || defaulted.current === dbId || !schemas.data) return;
    defaulted.current = dbId;
    const chosen = defaultSchemaOf(backend, schemas.data);
    if (chosen) dispatch(updateQueryEditor(editor.id, { schema: chosen }));
  }, [dbId, schema, schemas.data, backend, editor.id, dispatch]);

  const dbOptions = useMemo(
    () =>
      Object.values(databases)
        .filter((db) => db.expose_in_sqllab)
        .sort((a, b) => a.database_name.localeCompare(b.database_name))
        .map((db) => ({ value: db.id, label: `${db.database_name} (${db.backend})` })),
    [databases],
  );

  return (
    <div data-test="sql-editor-left-bar" style={{ width: 280, minWidth: 280, paddingRight: 12, overflow: 'auto' }}>
      <Form layout="vertical" size="small">
        <Form.Item label="Database" style={{ marginBottom: 8 }}>
          <Select
            data-test="database-selector"
            aria-label="Select database"
            placeholder="Select database"
            value={dbId ?? undefined}
            options={dbOptions}
            onChange={(value: number) => dispatch(updateQueryEditor(editor.id, { dbId: value, schema: null }))}
          />
        </Form.Item>
        <Form.Item label="Schema" style={{ marginBottom: 8 }}>
          <Space.Compact style={{ width: '100%' }}>
            <Select
              data-test="schema-selector"
              aria-label="Select schema"
              placeholder="Select schema"
              showSearch
              allowClear
              style={{ width: '100%' }}
              loading={schemas.isFetching}
              disabled={dbId === null}
              value={schema ?? undefined}
              options={(schemas.data ?? []).map((s) => ({ value: s, label: s }))}
              onChange={(value: string | undefined) => dispatch(updateQueryEditor(editor.id, { schema: value ?? null }))}
            />
            <Tooltip title="Force refresh schema and table lists">
              <Button aria-label="Refresh" data-test="refresh-metadata" icon={<ReloadOutlined />} disabled={dbId === null} onClick={() => setForce((n) => n + 1)} />
            </Tooltip>
          </Space.Compact>
        </Form.Item>
        <Form.Item label="Table" style={{ marginBottom: 8 }}>
          <TableSelect
            tables={tableList.data}
            loading={tableList.isFetching}
            disabled={!schema}
            onSelect={(name) => dbId !== null && void dispatch(addTableToEditor(editor.id, dbId, schema, name))}
          />
        </Form.Item>
      </Form>
      {tables.map((t) => (
        <TableElement key={t.id} table={t} />
      ))}
    </div>
  );
}
