import type { TableDetails, TableInfo } from '../types.js';

export type RowQuery = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

/** Attribute names of an attnum array, in order; expression entries (attnum 0) drop out. */
const names = (keys: string, rel: string) =>
  `(SELECT json_agg(a.attname ORDER BY k.ord) FROM unnest(${keys}) WITH ORDINALITY k(attnum, ord)
    JOIN pg_attribute a ON a.attrelid = ${rel} AND a.attnum = k.attnum)`;

const FK_ACTIONS: Record<string, string> = { r: 'RESTRICT', c: 'CASCADE', n: 'SET NULL', d: 'SET DEFAULT' };

/** Catalog reads over pg_catalog (information_schema hides objects the user cannot use and misses comments). */
export async function postgresSchemas(query: RowQuery): Promise<string[]> {
  const rows = await query(
    "SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' ESCAPE '\\' ORDER BY nspname",
  );
  return rows.map((r) => str(r.nspname));
}

export async function postgresTables(query: RowQuery, schema: string): Promise<TableInfo[]> {
  const rows = await query(
    `SELECT c.relname AS name, CASE WHEN c.relkind IN ('v', 'm') THEN 'view' ELSE 'table' END AS type
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
     ORDER BY c.relname`,
    [schema],
  );
  return rows.map((r) => ({ name: str(r.name), type: r.type === 'view' ? 'view' : 'table' }));
}

export async function postgresTableDetails(query: RowQuery, schema: string, table: string): Promise<TableDetails | null> {
  const [rel] = await query(
    `SELECT c.oid::int AS oid, obj_description(c.oid, 'pg_class') AS comment
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND c.relname = $2 AND c.relkind IN ('r', 'p', 'v', 'm', 'f')`,
    [schema, table],
  );
  if (!rel) return null;
  const oid = Number(rel.oid);
  const cols = await query(
    `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, NOT a.attnotnull AS nullable,
            col_description(a.attrelid, a.attnum) AS comment
     FROM pg_attribute a WHERE a.attrelid = $1 AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`,
    [oid],
  );
  const constraints = await query(
    `SELECT con.conname AS name, con.contype AS type, ${names('con.conkey', 'con.conrelid')} AS columns,
            rn.nspname AS referred_schema, rc.relname AS referred_table,
            ${names('con.confkey', 'con.confrelid')} AS referred_columns,
            con.confupdtype AS on_update, con.confdeltype AS on_delete
     FROM pg_constraint con
     LEFT JOIN pg_class rc ON rc.oid = con.confrelid
     LEFT JOIN pg_namespace rn ON rn.oid = rc.relnamespace
     WHERE con.conrelid = $1 AND con.contype IN ('p', 'f') ORDER BY con.conname`,
    [oid],
  );
  const indexes = await query(
    `SELECT i.relname AS name, ix.indisunique AS is_unique, ${names('ix.indkey::int2[]', 'ix.indrelid')} AS columns
     FROM pg_index ix JOIN pg_class i ON i.oid = ix.indexrelid
     WHERE ix.indrelid = $1 AND NOT ix.indisprimary ORDER BY i.relname`,
    [oid],
  );
  const pk = constraints.find((c) => c.type === 'p');
  return {
    name: table,
    schema,
    columns: cols.map((c) => ({
      name: str(c.name),
      type: str(c.type).toUpperCase(),
      nullable: c.nullable === true,
      comment: strOrNull(c.comment),
    })),
    primaryKey: { name: pk ? strOrNull(pk.name) : null, columns: pk ? list(pk.columns) : [] },
    foreignKeys: constraints
      .filter((c) => c.type === 'f')
      .map((c) => {
        const options: Record<string, string> = {};
        const onUpdate = FK_ACTIONS[str(c.on_update)];
        const onDelete = FK_ACTIONS[str(c.on_delete)];
        if (onUpdate) options.onupdate = onUpdate;
        if (onDelete) options.ondelete = onDelete;
        return {
          name: strOrNull(c.name),
          columns: list(c.columns),
          referredSchema: strOrNull(c.referred_schema),
          referredTable: str(c.referred_table),
          referredColumns: list(c.referred_columns),
          options,
        };
      }),
    indexes: indexes.map((i) => ({ name: str(i.name), columns: list(i.columns), unique: i.is_unique === true })),
    comment: strOrNull(rel.comment),
  };
}
