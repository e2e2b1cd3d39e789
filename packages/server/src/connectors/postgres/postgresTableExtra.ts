import type { Connector } from '../types.js';
import { groupDigits, metadataOf, splitTopLevel, tableExtraOf, type TableExtra } from '../sql/tableExtra.js';
import { latestPartition, latestValues, type PostgresPartition } from './postgresPartitions.js';
import type { RowQuery } from './postgresMetadata.js';

const KINDS: Record<string, string> = {
  r: 'table',
  p: 'partitioned table',
  v: 'view',
  m: 'materialized view',
  f: 'foreign table',
};

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** reltuples is -1 until the first VACUUM/ANALYZE (0 on servers before 14 as well): only a real count is shown. */
const estimate = (v: unknown): string | null => {
  const n = Number(v);
  return v !== null && v !== undefined && Number.isFinite(n) && n >= 0 ? groupDigits(Math.round(n)) : null;
};

/**
 * Key columns of a partitioned table, in key order: the column name, or the expression's text for an
 * expression key (attnum 0), taken from pg_get_partkeydef's list.
 */
async function partitionKey(query: RowQuery, oid: number): Promise<{ definition: string; cols: string[] }> {
  const [key] = await query(
    `SELECT pg_get_partkeydef(pt.partrelid) AS definition,
            (SELECT json_agg(a.attname ORDER BY k.ord) FROM unnest(pt.partattrs::int2[]) WITH ORDINALITY k(attnum, ord)
               LEFT JOIN pg_attribute a ON a.attrelid = pt.partrelid AND a.attnum = k.attnum) AS cols
     FROM pg_partitioned_table pt WHERE pt.partrelid = $1`,
    [oid],
  );
  const definition = str(key?.definition);
  const written = splitTopLevel(/\((.*)\)$/s.exec(definition)?.[1] ?? '');
  const names = Array.isArray(key?.cols) ? (key.cols as unknown[]) : [];
  return { definition, cols: names.map((name, i) => (name === null ? (written[i] ?? '') : String(name))) };
}

/** What SQL Lab offers to copy: the partitions with bound, estimated rows and size, in psql's order. */
function partitionQuery(connector: Connector, schema: string, table: string): string {
  const regclass = connector.quoteLiteral(`${connector.quoteIdentifier(schema)}.${connector.quoteIdentifier(table)}`);
  return [
    'SELECT c.relname AS partition, pg_get_expr(c.relpartbound, c.oid) AS bound,',
    '  c.reltuples::bigint AS estimated_rows, pg_size_pretty(pg_total_relation_size(c.oid)) AS total_size',
    'FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid',
    `WHERE i.inhparent = ${regclass}::regclass`,
    "ORDER BY pg_get_expr(c.relpartbound, c.oid) = 'DEFAULT', c.relname",
  ].join('\n');
}

/**
 * Facts from pg_catalog: kind, comment, owner, estimated rows and total size (summed over the leaf
 * partitions of a partitioned table), the parent of a partition, the CLUSTER index, and for a partitioned
 * table its key, partition count and latest partition. `{}` when the relation is gone.
 */
export async function postgresTableExtra(query: RowQuery, connector: Connector, schema: string, table: string): Promise<TableExtra> {
  const [rel] = await query(
    `SELECT c.oid::int AS oid, c.relkind, obj_description(c.oid, 'pg_class') AS comment,
            pg_get_userbyid(c.relowner) AS owner, c.reltuples::float8 AS reltuples,
            pg_size_pretty(pg_total_relation_size(c.oid)) AS total_size,
            CASE WHEN c.relispartition THEN
              (SELECT format('%I.%I', pn.nspname, p.relname) FROM pg_inherits i
                 JOIN pg_class p ON p.oid = i.inhparent JOIN pg_namespace pn ON pn.oid = p.relnamespace
                 WHERE i.inhrelid = c.oid)
            END AS parent,
            CASE WHEN c.relispartition THEN pg_get_expr(c.relpartbound, c.oid) END AS bound
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND c.relname = $2 AND c.relkind IN ('r', 'p', 'v', 'm', 'f')`,
    [schema, table],
  );
  if (!rel) return {};
  const oid = Number(rel.oid);
  const kind = str(rel.relkind);
  const partitioned = kind === 'p' ? await partitionFacts(query, connector, schema, table, oid) : null;
  // A partitioned table holds no rows itself (its leaves do); views and foreign tables store none here.
  const stored = kind === 'r' || kind === 'm';
  const [clustered] = await query(
    `SELECT (SELECT json_agg(a.attname ORDER BY k.ord) FROM unnest(ix.indkey::int2[]) WITH ORDINALITY k(attnum, ord)
               JOIN pg_attribute a ON a.attrelid = ix.indrelid AND a.attnum = k.attnum) AS cols
     FROM pg_index ix WHERE ix.indrelid = $1 AND ix.indisclustered`,
    [oid],
  );
  return tableExtraOf({
    metadata: metadataOf([
      ['Type', KINDS[kind] ?? kind],
      ['Comment', rel.comment === null ? null : str(rel.comment)],
      ['Owner', str(rel.owner)],
      ['Estimated rows', partitioned ? partitioned.rows : stored ? estimate(rel.reltuples) : null],
      ['Total size', partitioned ? partitioned.size : stored ? str(rel.total_size) : null],
      ['Partition of', rel.parent === null ? null : str(rel.parent)],
      ['Partition bound', rel.bound === null ? null : str(rel.bound)],
      ...(partitioned?.facts ?? []),
    ]),
    partitions: partitioned?.partitions,
    clustering: { cols: Array.isArray(clustered?.cols) ? (clustered.cols as unknown[]).map(String) : [] },
  });
}

/** Rows and size summed over the leaves, the key, the partition count and the latest partition. */
async function partitionFacts(query: RowQuery, connector: Connector, schema: string, table: string, oid: number) {
  const [leaves] = await query(
    `SELECT sum(c.reltuples::float8) FILTER (WHERE c.reltuples >= 0) AS reltuples,
            pg_size_pretty(sum(pg_total_relation_size(t.relid))) AS total_size
     FROM pg_partition_tree($1::regclass) t JOIN pg_class c ON c.oid = t.relid WHERE t.isleaf`,
    [oid],
  );
  const children = await query(
    `SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
     FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = $1 ORDER BY c.relname`,
    [oid],
  );
  const partitions: PostgresPartition[] = children.map((c) => ({ name: str(c.name), bound: str(c.bound) }));
  const key = await partitionKey(query, oid);
  const latest = latestPartition(partitions);
  const facts: [string, string | null][] = [
    ['Partition key', key.definition],
    ['Partitions', groupDigits(partitions.length)],
    ['Latest partition', latest?.partition.name ?? null],
  ];
  return {
    rows: estimate(leaves?.reltuples),
    size: leaves?.total_size === null || leaves?.total_size === undefined ? null : str(leaves.total_size),
    facts,
    partitions: {
      cols: key.cols,
      latest: latest ? latestValues(key.cols, latest.bound) : null,
      partitionQuery: partitionQuery(connector, schema, table),
    },
  };
}
