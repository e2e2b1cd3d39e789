import { z } from 'zod';

/**
 * `GET /api/v1/time_range/?q=` (Superset's `Api.time_range`): the dates a time range text means, as the server
 * resolves it. `q` is one range text or a list of `{timeRange, shift?}`.
 */
export const TIME_RANGE_URL = '/api/v1/time_range/';

// FAB validates `q` with jsonschema and answers "Not a valid rison schema <reason>"; these are its reasons' words.
const notOfType = (types: string) => (issue: { input?: unknown }) => `${JSON.stringify(issue.input ?? null)} is not of type ${types}`;
const textField = (key: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? `'${key}' is a required property` : notOfType("'string'")(issue)) });

export const timeRangeItemSchema = z.object(
  { timeRange: textField('timeRange'), shift: z.string({ error: notOfType("'string'") }).optional() },
  { error: notOfType("'object'") },
);
export type TimeRangeItem = z.infer<typeof timeRangeItemSchema>;

/** `q` as a list of items: a bare text is one item without a shift, as Superset reads it. */
export const timeRangeQuerySchema = z.preprocess(
  (value) => (typeof value === 'string' ? [{ timeRange: value }] : value),
  z.array(timeRangeItemSchema, { error: notOfType("'string', 'array'") }),
);
export type TimeRangeQuery = z.infer<typeof timeRangeQuerySchema>;

/** One answer: Python `isoformat()` datetimes without a zone, "" for an open side; the request's text echoed. */
export interface TimeRangeResult {
  since: string;
  until: string;
  timeRange: string;
  shift: string | null;
}

export interface TimeRangeResponse {
  result: TimeRangeResult[];
}
