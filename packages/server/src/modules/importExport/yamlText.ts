import { parse, stringify } from 'yaml';

/**
 * The one place that knows how YAML is read and written. Superset reads and writes bundles with PyYAML,
 * which speaks YAML 1.1: `yes`, `on` or an unquoted date mean something else there than in 1.2, so both
 * directions use the 1.1 schema and a value survives the trip to Superset and back.
 */

/** Block style, keys in insertion order, no line folding, no anchors for repeated objects. */
export function toYamlText(value: unknown): string {
  return stringify(value, { version: '1.1', lineWidth: 0, aliasDuplicateObjects: false });
}

export type YamlParse = { ok: true; value: unknown } | { ok: false; reason: string };

/** Parses one document; a later duplicate key wins, as in PyYAML. Aliases are bounded by the library. */
export function parseYamlText(text: string): YamlParse {
  try {
    return { ok: true, value: parse(text, { version: '1.1', uniqueKeys: false }) as unknown };
  } catch (err) {
    return { ok: false, reason: err instanceof Error ? err.message : String(err) };
  }
}
