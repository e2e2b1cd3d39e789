/**
 * JSON text where bigint values become bare number literals, so integers beyond 2^53 reach the
 * client digit for digit (the client parses with a big-number-aware reader). NaN/Infinity become null.
 */
export function jsonText(value: unknown): string {
  switch (typeof value) {
    case 'bigint':
      return value.toString();
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'undefined':
    case 'function':
    case 'symbol':
      return 'null';
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) return '[' + value.map(jsonText).join(',') + ']';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  const parts: string[] = [];
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (v === undefined) continue;
    parts.push(JSON.stringify(k) + ':' + jsonText(v));
  }
  return '{' + parts.join(',') + '}';
}
