import { formatNumber, NumberFormats } from '../../../viz/formatters/numberFormat';

/** A row count as Superset's RowCountLabel words it: the smart number format ('26 rows', '1k rows', '1 row'). */
export const rowCountText = (rows: number): string => `${formatNumber(NumberFormats.SMART_NUMBER, rows)} ${rows === 1 ? 'row' : 'rows'}`;
