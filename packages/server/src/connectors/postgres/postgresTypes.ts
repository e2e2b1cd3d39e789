import pg from 'pg';
import { exactInteger, numericFromText } from '../values.js';

const raw = (value: string) => value;

/**
 * Per-pool type parsers (never pg's global ones, which the metadata store shares): int8 and numeric stay
 * exact, and dates/times stay the server's text instead of being shifted into a JS Date in local time.
 */
export const postgresTypeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    switch (oid) {
      case 20: // int8
        return (v: string) => exactInteger(v);
      case 1700: // numeric
        return numericFromText;
      case 1082: // date
      case 1083: // time
      case 1114: // timestamp
      case 1184: // timestamptz
      case 1266: // timetz
      case 1186: // interval
        return raw;
      default:
        return pg.types.getTypeParser(oid, format ?? 'text');
    }
  },
};
