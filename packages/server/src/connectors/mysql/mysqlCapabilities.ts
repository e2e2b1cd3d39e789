import type { ConnectorCapabilities } from '../types.js';

// Buckets are computed from the time of day so they do not depend on the session time zone (UNIX_TIMESTAMP would).
const SECONDS_OF_DAY = '(HOUR({col}) * 3600 + MINUTE({col}) * 60 + SECOND({col}))';
const MINUTES_OF_DAY = '(HOUR({col}) * 60 + MINUTE({col}))';
const secondBucket = (n: number) => `DATE_ADD(DATE({col}), INTERVAL (${SECONDS_OF_DAY} DIV ${n} * ${n}) SECOND)`;
const minuteBucket = (n: number) => `DATE_ADD(DATE({col}), INTERVAL (${MINUTES_OF_DAY} DIV ${n} * ${n}) MINUTE)`;

export const mysqlCapabilities: ConnectorCapabilities = {
  allowsAsync: true,
  supportsCancel: true,
  supportsCostEstimate: false,
  supportsDml: true,
  supportsCtas: true,
  supportsCvas: true,
  supportsSubqueries: true,
  supportsCatalogs: false,
  supportsFileUpload: true,
  identifierQuote: '`',
  limitStyle: 'LIMIT',
  stringEscape: 'backslash',
  timestampLiteral: "TIMESTAMP '{value}'",
  supportsIlike: false,
  supportsBooleanLiterals: true,
  defaultSchema: null,
  timeGrainExpressions: {
    PT1S: secondBucket(1),
    PT5S: secondBucket(5),
    PT30S: secondBucket(30),
    PT1M: minuteBucket(1),
    PT5M: minuteBucket(5),
    PT10M: minuteBucket(10),
    PT15M: minuteBucket(15),
    PT30M: minuteBucket(30),
    PT1H: 'DATE_ADD(DATE({col}), INTERVAL HOUR({col}) HOUR)',
    PT6H: 'DATE_ADD(DATE({col}), INTERVAL (HOUR({col}) DIV 6 * 6) HOUR)',
    P1D: 'DATE({col})',
    P7D: "DATE_SUB(DATE({col}), INTERVAL MOD(MOD(DATEDIFF({col}, '1970-01-01'), 7) + 7, 7) DAY)",
    P1W: 'DATE(DATE_SUB({col}, INTERVAL WEEKDAY({col}) DAY))',
    '1969-12-28T00:00:00Z/P1W': 'DATE(DATE_SUB({col}, INTERVAL (DAYOFWEEK({col}) - 1) DAY))',
    '1969-12-29T00:00:00Z/P1W': 'DATE(DATE_SUB({col}, INTERVAL WEEKDAY({col}) DAY))',
    'P1W/1970-01-03T00:00:00Z': 'DATE(DATE_ADD({col}, INTERVAL (7 - DAYOFWEEK({col})) DAY))',
    'P1W/1970-01-04T00:00:00Z': 'DATE(DATE_ADD({col}, INTERVAL (6 - WEEKDAY({col})) DAY))',
    P1M: 'DATE(DATE_SUB({col}, INTERVAL (DAYOFMONTH({col}) - 1) DAY))',
    P3M: 'MAKEDATE(YEAR({col}), 1) + INTERVAL (QUARTER({col}) - 1) QUARTER',
    P1Y: 'MAKEDATE(YEAR({col}), 1)',
  },
};
