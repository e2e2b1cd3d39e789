/**
 * How deep JSON may nest, in request bodies and in the JSON text fields stored from them (chart `params` and
 * `query_context`, dashboard `json_metadata` and `position_json`, `template_params`, `extra`, shared queries).
 *
 * Real documents are shallow: Superset's form data nests about 10 levels (adhoc filters inside a query inside
 * a query context), a dashboard's native filter configuration a little less. 64 leaves six times that room,
 * while staying far below where recursive code (zod, JSON.stringify of an answer, post-processing) runs out of
 * stack: a stored 50,000-level document made every chart list answer 500, since JSON.stringify recurses.
 */
export const MAX_JSON_DEPTH = 64;

const OPEN_BRACE = 0x7b; // {
const OPEN_BRACKET = 0x5b; // [
const CLOSE_BRACE = 0x7d; // }
const CLOSE_BRACKET = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c;

/**
 * Whether JSON text nests objects and arrays deeper than `max`, read without parsing: one pass over the
 * characters, brackets inside string literals ignored, stopping at the first level too deep. It never
 * recurses, so it is safe on any input, well formed or not (broken text is the parser's business).
 */
export function jsonTextTooDeep(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

/** Text that is meant as a JSON object or array (its first non-blank character opens one). */
export function looksLikeJsonText(text: string): boolean {
  const first = /\S/.exec(text);
  return first !== null && (first[0] === '{' || first[0] === '[');
}

/**
 * Objects and arrays are walked by their own enumerable fields (form parsers build objects with other
 * prototypes than Object's); bytes (a Buffer, a typed array) are data, not structure, and are skipped.
 */
function isContainer(v: object): boolean {
  return !ArrayBuffer.isView(v) && !(v instanceof ArrayBuffer);
}

/** Where a value nests too deep: the path to it (`queries.0.extras`; '' for the value itself). */
export interface TooDeepJson {
  path: string;
  /** `structure`: the value's own objects and arrays; `text`: a string in it holding JSON text. */
  kind: 'structure' | 'text';
}

/**
 * The first place in a value (a parsed body, form fields) that nests deeper than `max`: its own objects and
 * arrays, or a string holding JSON text (the stored JSON fields travel as strings inside bodies, so a body of
 * depth 2 can carry a `params` string of depth 50,000). Walked with an explicit stack, never recursively.
 */
export function findTooDeepJson(value: unknown, max: number = MAX_JSON_DEPTH): TooDeepJson | null {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value, depth: 0, path: '' }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    const v = item.value;
    if (typeof v === 'string') {
      if (looksLikeJsonText(v) && jsonTextTooDeep(v, max)) return { path: item.path, kind: 'text' };
      continue;
    }
    if (v === null || typeof v !== 'object' || !isContainer(v)) continue;
    const depth = item.depth + 1;
    if (depth > max) return { path: item.path, kind: 'structure' };
    const entries: [string, unknown][] = Array.isArray(v) ? v.map((x, i) => [String(i), x]) : Object.entries(v);
    for (const [key, child] of entries) {
      stack.push({ value: child, depth, path: item.path === '' ? key : `${item.path}.${key}` });
    }
  }
  return null;
}
