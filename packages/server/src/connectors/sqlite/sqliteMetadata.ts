import type { Database } from 'better-sqlite3';
import type { ForeignKeyInfo, TableDetails, TableInfo } from '../types.js';

type Row = Record<string, unknown>;
const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Catalog reads through SQLite's table-valued pragmas (they take the schema as a second argument). */
export function sqliteSchemas(db: Database): string[] {
  const rows = db.prepare("SELECT name FROM pragma_database_list WHERE name <> 'temp' ORDER BY seq").all() as Row[];
  return rows.map((r) => str(r.name));
}

export function sqliteTables(db: Database, schema: string): TableInfo[] {
  const rows = db
    .prepare(
      `SELECT name, type FROM ${quote(schema)}.sqlite_master
       WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name`,
    )
    .all() as Row[];
  return rows.map((r) => ({ name: str(r.name), type: r.type === 'view' ? 'view' : 'table' }));
}

export function sqliteTableDetails(db: Database, schema: string, table: string): TableDetails | null {
  // hidden = 1 marks hidden columns of virtual tables; generated columns (2, 3) are real columns.
  const cols = (db.prepare('SELECT * FROM pragma_table_xinfo(?, ?) WHERE hidden <> 1 ORDER BY cid').all(table, schema) as Row[]);
  if (cols.length === 0) return null;
  const pkCols = cols.filter((c) => Number(c.pk) > 0).sort((a, b) => Number(a.pk) - Number(b.pk));
  const fkRows = db.prepare('SELECT * FROM pragma_foreign_key_list(?, ?) ORDER BY id, seq').all(table, schema) as Row[];
  const fks = new Map<number, ForeignKeyInfo>();
  for (const r of fkRows) {
    const id = Number(r.id);
    let fk = fks.get(id);
    if (!fk) {
      const options: Record<string, string> = {};
      if (r.on_update && r.on_update !== 'NO ACTION') options.onupdate = str(r.on_update);
      if (r.on_delete && r.on_delete !== 'NO ACTION') options.ondelete = str(r.on_delete);
      fk = { name: null, columns: [], referredSchema: schema, referredTable: str(r.table), referredColumns: [], options };
      fks.set(id, fk);
    }
    fk.columns.push(str(r.from));
    if (r.to !== null) fk.referredColumns.push(str(r.to));
  }
  for (const fk of fks.values()) {
    // `REFERENCES parent` without columns means the parent's primary key.
    if (fk.referredColumns.length === 0) {
      const parent = db.prepare('SELECT name, pk FROM pragma_table_info(?, ?) WHERE pk > 0 ORDER BY pk').all(fk.referredTable, schema) as Row[];
      fk.referredColumns = parent.map((p) => str(p.name));
    }
  }
  const indexRows = (db.prepare('SELECT * FROM pragma_index_list(?, ?)').all(table, schema) as Row[]).filter(
    (i) => i.origin !== 'pk' && !str(i.name).startsWith('sqlite_autoindex_'),
  );
  const indexes = indexRows
    .map((i) => ({
      name: str(i.name),
      unique: Number(i.unique) === 1,
      columns: (db.prepare('SELECT name FROM pragma_index_info(?, ?) ORDER BY seqno').all(str(i.name), schema) as Row[]).map((c) =>
        str(c.name),
      ),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    name: table,
    schema,
    columns: cols.map((c) => ({
      name: str(c.name),
      type: str(c.type).toUpperCase(),
      nullable: Number(c.notnull) === 0 && Number(c.pk) === 0,
      comment: null,
    })),
    primaryKey: { name: null, columns: pkCols.map((c) => str(c.name)) },
    foreignKeys: [...fks.values()],
    indexes,
    comment: null,
  };
}
