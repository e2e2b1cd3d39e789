import type { ForeignKeyInfo, IndexInfo, TableDetails, TableInfo } from '../types.js';
import { byCodePoint } from '../values.js';

export type RowQuery = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** Catalog reads over information_schema (a schema is a database in MySQL). */
export async function mysqlSchemas(query: RowQuery): Promise<string[]> {
  const rows = await query('SELECT SCHEMA_NAME AS name FROM information_schema.SCHEMATA ORDER BY SCHEMA_NAME');
  return rows.map((r) => str(r.name)).sort(byCodePoint);
}

export async function mysqlTables(query: RowQuery, schema: string): Promise<TableInfo[]> {
  const rows = await query(
    'SELECT TABLE_NAME AS name, TABLE_TYPE AS type FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME',
    [schema],
  );
  return rows
    .map((r): TableInfo => ({ name: str(r.name), type: /VIEW/.test(str(r.type)) ? 'view' : 'table' }))
    .sort((a, b) => byCodePoint(a.name, b.name));
}

export async function mysqlTableDetails(query: RowQuery, schema: string, table: string): Promise<TableDetails | null> {
  const [rel] = await query(
    'SELECT TABLE_COMMENT AS comment FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?',
    [schema, table],
  );
  if (!rel) return null;
  const cols = await query(
    `SELECT COLUMN_NAME AS name, COLUMN_TYPE AS type, IS_NULLABLE AS nullable, COLUMN_COMMENT AS comment
     FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION`,
    [schema, table],
  );
  const keys = await query(
    `SELECT k.CONSTRAINT_NAME AS name, k.COLUMN_NAME AS col, k.REFERENCED_TABLE_SCHEMA AS ref_schema,
            k.REFERENCED_TABLE_NAME AS ref_table, k.REFERENCED_COLUMN_NAME AS ref_col,
            r.UPDATE_RULE AS on_update, r.DELETE_RULE AS on_delete
     FROM information_schema.KEY_COLUMN_USAGE k
     LEFT JOIN information_schema.REFERENTIAL_CONSTRAINTS r
       ON r.CONSTRAINT_SCHEMA = k.CONSTRAINT_SCHEMA AND r.CONSTRAINT_NAME = k.CONSTRAINT_NAME AND r.TABLE_NAME = k.TABLE_NAME
     WHERE k.TABLE_SCHEMA = ? AND k.TABLE_NAME = ?
     ORDER BY k.CONSTRAINT_NAME, k.ORDINAL_POSITION`,
    [schema, table],
  );
  const stats = await query(
    `SELECT INDEX_NAME AS name, NON_UNIQUE AS non_unique, COLUMN_NAME AS col FROM information_schema.STATISTICS
     WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND INDEX_NAME <> 'PRIMARY' ORDER BY INDEX_NAME, SEQ_IN_INDEX`,
    [schema, table],
  );
  const fks = new Map<string, ForeignKeyInfo>();
  for (const k of keys) {
    if (k.ref_table === null || k.ref_table === undefined) continue;
    const name = str(k.name);
    let fk = fks.get(name);
    if (!fk) {
      const options: Record<string, string> = {};
      if (k.on_update && k.on_update !== 'NO ACTION' && k.on_update !== 'RESTRICT') options.onupdate = str(k.on_update);
      if (k.on_delete && k.on_delete !== 'NO ACTION' && k.on_delete !== 'RESTRICT') options.ondelete = str(k.on_delete);
      fk = { name, columns: [], referredSchema: str(k.ref_schema), referredTable: str(k.ref_table), referredColumns: [], options };
      fks.set(name, fk);
    }
    fk.columns.push(str(k.col));
    fk.referredColumns.push(str(k.ref_col));
  }
  const indexes = new Map<string, IndexInfo>();
  for (const s of stats) {
    const name = str(s.name);
    const index = indexes.get(name) ?? { name, columns: [], unique: Number(s.non_unique) === 0 };
    index.columns.push(str(s.col));
    indexes.set(name, index);
  }
  const pkColumns = keys.filter((k) => k.name === 'PRIMARY').map((k) => str(k.col));
  return {
    name: table,
    schema,
    columns: cols.map((c) => ({
      name: str(c.name),
      type: str(c.type).toUpperCase(),
      nullable: c.nullable === 'YES',
      comment: str(c.comment) || null,
    })),
    primaryKey: { name: pkColumns.length > 0 ? 'PRIMARY' : null, columns: pkColumns },
    foreignKeys: [...fks.values()],
    indexes: [...indexes.values()],
    comment: str(rel.comment) || null,
  };
}
