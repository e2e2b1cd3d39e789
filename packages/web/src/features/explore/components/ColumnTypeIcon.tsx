import { FieldBinaryOutlined, FieldNumberOutlined, FieldStringOutlined, FieldTimeOutlined, FunctionOutlined, QuestionOutlined } from '@ant-design/icons';
import { GENERIC_DATA_TYPE } from '@tessera/core';
import type { ExploreDatasource } from '../../../viz/types';

type Column = ExploreDatasource['columns'][number];

/**
 * The generic type a column is listed under; null when nothing tells it (a calculated column saved without a data
 * type). A column marked temporal counts as one before its type is synced; a column with a type text but no generic
 * type (SQL Lab query datasources send those) stays a string, as before.
 */
export function columnGenericType(column: Column): number | null {
  if (column.type_generic !== null && column.type_generic !== undefined) return column.type_generic;
  if (column.is_dttm) return GENERIC_DATA_TYPE.TEMPORAL;
  return column.type ? GENERIC_DATA_TYPE.STRING : null;
}

/**
 * The icon in front of a column, as Superset's ColumnOption / ColumnTypeLabel draw it: a calculated column (an
 * expression other than its own name) shows a function sign whatever its type, a column of unknown type a
 * question mark, never the text icon of a string it may not be.
 */
export function ColumnTypeIcon({ column }: { column: Column }) {
  if (column.expression && column.expression !== column.column_name) return <FunctionOutlined aria-label="function type icon" />;
  switch (columnGenericType(column)) {
    case GENERIC_DATA_TYPE.TEMPORAL:
      return <FieldTimeOutlined aria-label="temporal type icon" />;
    case GENERIC_DATA_TYPE.NUMERIC:
      return <FieldNumberOutlined aria-label="numeric type icon" />;
    case GENERIC_DATA_TYPE.STRING:
      return <FieldStringOutlined aria-label="string type icon" />;
    case GENERIC_DATA_TYPE.BOOLEAN:
      return <FieldBinaryOutlined aria-label="boolean type icon" />;
    default:
      return <QuestionOutlined aria-label="unknown type icon" />;
  }
}
