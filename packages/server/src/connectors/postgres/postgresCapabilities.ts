import type { ConnectorCapabilities } from '../types.js';

// EXTRACT refuses sub-day fields of a DATE (PostgreSQL 14+), so it reads the value as a TIMESTAMP (a no-op for
// TIMESTAMP, the session's wall clock for TIMESTAMPTZ, as DATE_TRUNC uses).
const bucket = (unit: 'second' | 'minute' | 'hour', size: number, parent: 'minute' | 'hour' | 'day', plural: string) =>
  `DATE_TRUNC('${parent}', {col}) + INTERVAL '${size} ${plural}' * FLOOR(EXTRACT(${unit.toUpperCase()} FROM CAST({col} AS TIMESTAMP)) / ${size})`;

export const postgresCapabilities: ConnectorCapabilities = {
  allowsAsync: true,
  supportsCancel: true,
  supportsCostEstimate: true,
  supportsDml: true,
  supportsCtas: true,
  supportsCvas: true,
  supportsSubqueries: true,
  supportsCatalogs: false,
  supportsFileUpload: true,
  identifierQuote: '"',
  limitStyle: 'LIMIT',
  stringEscape: 'standard',
  timestampLiteral: "TIMESTAMP '{value}'",
  supportsIlike: true,
  supportsBooleanLiterals: true,
  defaultSchema: 'public',
  timeGrainExpressions: {
    PT1S: "DATE_TRUNC('second', {col})",
    PT5S: bucket('second', 5, 'minute', 'seconds'),
    PT30S: bucket('second', 30, 'minute', 'seconds'),
    PT1M: "DATE_TRUNC('minute', {col})",
    PT5M: bucket('minute', 5, 'hour', 'minutes'),
    PT10M: bucket('minute', 10, 'hour', 'minutes'),
    PT15M: bucket('minute', 15, 'hour', 'minutes'),
    PT30M: bucket('minute', 30, 'hour', 'minutes'),
    PT1H: "DATE_TRUNC('hour', {col})",
    PT6H: bucket('hour', 6, 'day', 'hours'),
    P1D: "DATE_TRUNC('day', {col})",
    // Days since 1970-01-01, floored to a multiple of 7 (the double MOD keeps dates before 1970 right).
    P7D: "DATE_TRUNC('day', {col}) - INTERVAL '1 day' * MOD(MOD(CAST({col} AS DATE) - DATE '1970-01-01', 7) + 7, 7)",
    P1W: "DATE_TRUNC('week', {col})",
    '1969-12-28T00:00:00Z/P1W': "DATE_TRUNC('week', {col} + INTERVAL '1 day') - INTERVAL '1 day'",
    '1969-12-29T00:00:00Z/P1W': "DATE_TRUNC('week', {col})",
    'P1W/1970-01-03T00:00:00Z': "DATE_TRUNC('week', {col} + INTERVAL '1 day') + INTERVAL '5 days'",
    'P1W/1970-01-04T00:00:00Z': "DATE_TRUNC('week', {col}) + INTERVAL '6 days'",
    P1M: "DATE_TRUNC('month', {col})",
    P3M: "DATE_TRUNC('quarter', {col})",
    P1Y: "DATE_TRUNC('year', {col})",
  },
};
