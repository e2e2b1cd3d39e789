import type { Database } from 'better-sqlite3';
import { quoteIdentifierWith } from '../sql/quoting.js';
import { groupDigits, metadataOf, tableExtraOf, type TableExtra } from '../sql/tableExtra.js';

type Row = Record<string, unknown>;

/** Tables are counted only up to this many rows: reading more would stop being cheap. */
export const SQLITE_COUNT_CAP = 10_000;

const quote = (name: string) => quoteIdentifierWith('"', name);

/**
 * ANALYZE's row estimate from sqlite_stat1: the table's own entry, else the largest leading count of its
 * indexes (a partial index counts fewer). Null when the schema was never analyzed.
 */
function statRows(db: Database, schema: string, table: string): number | null {
  if (!db.prepare('SELECT 1 FROM pragma_table_list(?) WHERE schema = ?').get('sqlite_stat1', schema)) return null;
  // `schema` is a name pragma_table_list just returned: a schema cannot be a bound parameter in FROM.
  const rows = db.prepare(`SELECT idx, stat FROM ${quote(schema)}.sqlite_stat1 WHERE tbl = ?`).all(table) as Row[];
  const counts = rows.map((r) => ({ own: r.idx === null, rows: Number(String(r.stat).split(' ')[0]) })).filter((r) => Number.isFinite(r.rows));
  const own = counts.find((r) => r.own);
  if (own) return own.rows;
  return counts.length > 0 ? Math.max(...counts.map((r) => r.rows)) : null;
}

/** Rows of an ordinary table, reading at most SQLITE_COUNT_CAP + 1 of them. */
function cappedCount(db: Database, schema: string, table: string): string | null {
  const sql = `SELECT count(*) AS n FROM (SELECT 1 FROM ${quote(schema)}.${quote(table)} LIMIT ?)`;
  const n = Number((db.prepare(sql).get(SQLITE_COUNT_CAP + 1) as Row).n);
  return n > SQLITE_COUNT_CAP ? `over ${groupDigits(SQLITE_COUNT_CAP)}` : groupDigits(n);
}

/**
 * Kind, storage options (WITHOUT ROWID, STRICT) and column count from pragma_table_list, and a row count
 * only where it is cheap: ANALYZE's estimate, else a count that stops after SQLITE_COUNT_CAP rows (views and
 * virtual tables are never counted). `{}` when the table is gone.
 */
export function sqliteTableExtra(db: Database, schema: string, table: string): TableExtra {
  const row = db.prepare('SELECT name, type, ncol, wr, strict FROM pragma_table_list(?) WHERE schema = ?').get(table, schema) as Row | undefined;
  if (!row) return {};
  const type = String(row.type);
  const options = [Number(row.wr) === 1 ? 'WITHOUT ROWID' : null, Number(row.strict) === 1 ? 'STRICT' : null].filter(Boolean).join(', ');
  let rows: [string, string | null] = ['Rows', null];
  if (type === 'table') {
    // Names as the catalog spells them, for the identifiers that cannot be bound.
    const name = String(row.name);
    const estimate = statRows(db, schema, name);
    rows = estimate === null ? ['Rows', cappedCount(db, schema, name)] : ['Estimated rows', groupDigits(estimate)];
  }
  return tableExtraOf({
    metadata: metadataOf([
      ['Type', type],
      ['Options', options],
      ['Columns', groupDigits(row.ncol)],
      rows,
    ]),
  });
}
