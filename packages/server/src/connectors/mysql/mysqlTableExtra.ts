import type { Connector } from '../types.js';
import { groupDigits, metadataOf, prettyBytes, tableExtraOf, type TableExtra } from '../sql/tableExtra.js';
import { latestMysqlPartition, partitionColumns, type MysqlPartition } from './mysqlPartitions.js';
import type { RowQuery } from './mysqlMetadata.js';

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const TYPES: Record<string, string> = { 'BASE TABLE': 'table', VIEW: 'view', 'SYSTEM VIEW': 'system view' };

/** What SQL Lab offers to copy: the partitions in order, with their bounds and row estimates. */
function partitionQuery(connector: Connector, schema: string, table: string): string {
  return [
    'SELECT PARTITION_NAME, SUBPARTITION_NAME, PARTITION_DESCRIPTION, TABLE_ROWS, DATA_LENGTH + INDEX_LENGTH AS SIZE_BYTES',
    'FROM information_schema.PARTITIONS',
    `WHERE TABLE_SCHEMA = ${connector.quoteLiteral(schema)} AND TABLE_NAME = ${connector.quoteLiteral(table)}`,
    'ORDER BY PARTITION_ORDINAL_POSITION, SUBPARTITION_ORDINAL_POSITION',
  ].join('\n');
}

async function partitionsOf(query: RowQuery, schema: string, table: string) {
  const rows = await query(
    `SELECT PARTITION_NAME AS name, PARTITION_METHOD AS method, PARTITION_EXPRESSION AS expression,
            PARTITION_DESCRIPTION AS description, SUBPARTITION_METHOD AS sub_method, SUBPARTITION_EXPRESSION AS sub_expression
     FROM information_schema.PARTITIONS
     WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND PARTITION_NAME IS NOT NULL
     ORDER BY PARTITION_ORDINAL_POSITION, SUBPARTITION_ORDINAL_POSITION`,
    [schema, table],
  );
  // One row per subpartition: the first row of each partition stands for it.
  const partitions: MysqlPartition[] = [];
  for (const r of rows) {
    if (partitions[partitions.length - 1]?.name === str(r.name)) continue;
    partitions.push({ name: str(r.name), method: str(r.method), expression: str(r.expression), description: r.description === null ? null : str(r.description) });
  }
  const first = rows[0];
  return { partitions, subMethod: first ? str(first.sub_method) : '', subExpression: first ? str(first.sub_expression) : '' };
}

/**
 * Facts from information_schema.TABLES (type, engine, comment, estimated rows, data + index size,
 * collation, creation time) and, for a partitioned table, PARTITIONS (method, expression, count, latest).
 * `{}` when the table is gone.
 */
export async function mysqlTableExtra(query: RowQuery, connector: Connector, schema: string, table: string): Promise<TableExtra> {
  const [rel] = await query(
    `SELECT TABLE_TYPE AS type, ENGINE AS engine, TABLE_COMMENT AS comment, TABLE_ROWS AS table_rows,
            DATA_LENGTH + INDEX_LENGTH AS size, TABLE_COLLATION AS collation, CREATE_TIME AS created, CREATE_OPTIONS AS options
     FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?`,
    [schema, table],
  );
  if (!rel) return {};
  const type = str(rel.type);
  const isView = /VIEW/.test(type);
  const { partitions, subMethod, subExpression } = /partitioned/i.test(str(rel.options))
    ? await partitionsOf(query, schema, table)
    : { partitions: [], subMethod: '', subExpression: '' };
  const first = partitions[0];
  const latest = latestMysqlPartition(partitions);
  return tableExtraOf({
    metadata: metadataOf([
      ['Type', TYPES[type] ?? type.toLowerCase()],
      ['Engine', str(rel.engine)],
      // A view's comment is always the word VIEW.
      ['Comment', isView ? null : str(rel.comment)],
      ['Estimated rows', isView ? null : groupDigits(rel.table_rows)],
      ['Total size', isView ? null : prettyBytes(rel.size)],
      ['Collation', str(rel.collation)],
      ['Created', str(rel.created)],
      ['Partition method', first?.method],
      ['Partition expression', first?.expression],
      ['Subpartition method', subMethod],
      ['Subpartition expression', subExpression],
      ['Partitions', first ? groupDigits(partitions.length) : null],
      ['Latest partition', latest ? partitions[partitions.length - 1]!.name : null],
    ]),
    partitions: first
      ? { cols: partitionColumns(first.expression), latest, partitionQuery: partitionQuery(connector, schema, table) }
      : undefined,
  });
}
