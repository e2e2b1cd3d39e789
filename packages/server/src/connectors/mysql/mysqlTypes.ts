/** MySQL protocol column type codes → SQL type names (mysql2 only gives the code). */
const TYPE_NAMES: Record<number, string> = {
  0: 'DECIMAL',
  1: 'TINYINT',
  2: 'SMALLINT',
  3: 'INT',
  4: 'FLOAT',
  5: 'DOUBLE',
  6: 'NULL',
  7: 'TIMESTAMP',
  8: 'BIGINT',
  9: 'MEDIUMINT',
  10: 'DATE',
  11: 'TIME',
  12: 'DATETIME',
  13: 'YEAR',
  14: 'DATE',
  15: 'VARCHAR',
  16: 'BIT',
  245: 'JSON',
  246: 'DECIMAL',
  247: 'ENUM',
  248: 'SET',
  249: 'TINYBLOB',
  250: 'MEDIUMBLOB',
  251: 'LONGBLOB',
  252: 'BLOB',
  253: 'VARCHAR',
  254: 'CHAR',
  255: 'GEOMETRY',
};

const BINARY_CHARSET = 63;
const BLOB_TEXT: Record<number, string> = { 249: 'TINYTEXT', 250: 'MEDIUMTEXT', 251: 'LONGTEXT', 252: 'TEXT' };

/** Blob codes carry text columns too; the binary charset (63) tells them apart. */
export function mysqlTypeName(columnType: number, characterSet: number): string {
  if (characterSet !== BINARY_CHARSET && BLOB_TEXT[columnType]) return BLOB_TEXT[columnType]!;
  if (characterSet === BINARY_CHARSET && (columnType === 253 || columnType === 254)) return columnType === 253 ? 'VARBINARY' : 'BINARY';
  return TYPE_NAMES[columnType] ?? `TYPE_${columnType}`;
}
