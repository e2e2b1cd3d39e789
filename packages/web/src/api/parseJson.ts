import { getUnsafeNumberReason, parse } from 'lossless-json';

/**
 * Number parser for JSON bodies: safe numbers become `number`; integers beyond 2^53 (and values that
 * overflow a double) stay exact as `string`, the way Superset's json-bigint parsing keeps ids and BIGINTs.
 * Floats that only lose insignificant trailing digits are parsed as numbers, like JSON.parse does.
 */
export function parseJsonNumber(value: string): number | string {
  const reason = getUnsafeNumberReason(value);
  if (reason === 'truncate_integer' || reason === 'overflow') return value;
  return Number(value);
}

/** JSON.parse replacement that never silently rounds big integers. Throws SyntaxError on invalid JSON. */
export function parseJson(text: string): unknown {
  return parse(text, null, parseJsonNumber);
}
