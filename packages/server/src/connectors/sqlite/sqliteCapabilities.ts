import type { ConnectorCapabilities } from '../types.js';

// SQLite has no date types: values are ISO text and grains are date() modifiers. Offsets inside a day are
// never negative, so integer division floors correctly there.
const part = (f: string) => `CAST(STRFTIME('${f}', {col}) AS INTEGER)`;
const SECONDS_OF_DAY = `(${part('%H')} * 3600 + ${part('%M')} * 60 + ${part('%S')})`;
const MINUTES_OF_DAY = `(${part('%H')} * 60 + ${part('%M')})`;
const secondBucket = (n: number) => `DATETIME({col}, 'start of day', (${SECONDS_OF_DAY} / ${n} * ${n}) || ' seconds')`;
const minuteBucket = (n: number) => `DATETIME({col}, 'start of day', (${MINUTES_OF_DAY} / ${n} * ${n}) || ' minutes')`;

export const sqliteCapabilities: ConnectorCapabilities = {
  // better-sqlite3 runs on the event loop: a long query blocks the process, and it cannot be interrupted.
  allowsAsync: false,
  supportsCancel: false,
  supportsCostEstimate: false,
  supportsDml: true,
  supportsCtas: true,
  supportsCvas: true,
  supportsSubqueries: true,
  supportsCatalogs: false,
  supportsFileUpload: true,
  identifierQuote: '"',
  limitStyle: 'LIMIT',
  stringEscape: 'standard',
  timestampLiteral: "'{value}'",
  // DATE columns hold 'YYYY-MM-DD' text: a midnight compares as the bare day.
  dateLiteral: "'{value}'",
  supportsIlike: false,
  supportsBooleanLiterals: true,
  defaultSchema: 'main',
  timeGrainExpressions: {
    PT1S: "DATETIME(STRFTIME('%Y-%m-%dT%H:%M:%S', {col}))",
    PT5S: secondBucket(5),
    PT30S: secondBucket(30),
    PT1M: "DATETIME(STRFTIME('%Y-%m-%dT%H:%M:00', {col}))",
    PT5M: minuteBucket(5),
    PT10M: minuteBucket(10),
    PT15M: minuteBucket(15),
    PT30M: minuteBucket(30),
    PT1H: "DATETIME(STRFTIME('%Y-%m-%dT%H:00:00', {col}))",
    PT6H: `DATETIME({col}, 'start of day', (${part('%H')} / 6 * 6) || ' hours')`,
    P1D: "DATETIME({col}, 'start of day')",
    P7D: "DATETIME({col}, 'start of day', '-' || ((CAST(JULIANDAY({col}, 'start of day') - 2440587.5 AS INTEGER) % 7 + 7) % 7) || ' days')",
    // 'weekday N' moves forward to the next day N (or stays); going back 6 days first lands on the week's start.
    P1W: "DATETIME({col}, 'start of day', '-6 days', 'weekday 1')",
    '1969-12-28T00:00:00Z/P1W': "DATETIME({col}, 'start of day', '-6 days', 'weekday 0')",
    '1969-12-29T00:00:00Z/P1W': "DATETIME({col}, 'start of day', '-6 days', 'weekday 1')",
    'P1W/1970-01-03T00:00:00Z': "DATETIME({col}, 'start of day', 'weekday 6')",
    'P1W/1970-01-04T00:00:00Z': "DATETIME({col}, 'start of day', 'weekday 0')",
    P1M: "DATETIME({col}, 'start of month')",
    P3M: `DATETIME({col}, 'start of month', '-' || ((${part('%m')} - 1) % 3) || ' months')`,
    P1Y: "DATETIME({col}, 'start of year')",
  },
};
