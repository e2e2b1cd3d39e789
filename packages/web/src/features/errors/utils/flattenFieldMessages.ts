/**
 * marshmallow's nested field messages (`{"queries": {"0": {"row_limit": ["..."]}}}`) as one list of texts per
 * dotted path (`queries.0.row_limit`). A nested `_schema` holds errors on a whole object, so it is filed under
 * that object's path; only the body's own `_schema` keeps the name.
 */
export function flattenFieldMessages(messages: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const visit = (value: unknown, path: readonly string[]) => {
    if (typeof value === 'string') {
      // Field names come from the server: only own entries count (a field may be called `constructor`).
      const key = path.join('.');
      const texts = Object.hasOwn(out, key) ? out[key]! : [];
      Object.defineProperty(out, key, { value: [...texts, value], enumerable: true, writable: true, configurable: true });
    } else if (Array.isArray(value)) {
      value.forEach((item) => visit(item, path));
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value)) visit(inner, key === '_schema' && path.length > 0 ? path : [...path, key]);
    }
  };
  if (typeof messages === 'object' && messages !== null && !Array.isArray(messages)) visit(messages, []);
  return out;
}
