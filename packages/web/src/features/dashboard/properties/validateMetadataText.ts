import { MAX_JSON_DEPTH } from '@tessera/core';

/** Why the JSON metadata text cannot be saved, or null: it must be one JSON object (the server refuses anything else). */
export function validateMetadataText(text: string): string | null {
  if (!text.trim()) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return 'JSON metadata is not valid JSON';
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return 'JSON metadata must be an object';
  return tooDeep(parsed, 1) ? 'JSON metadata is nested too deeply' : null;
}

/** Stops as soon as the limit is passed, so a hostile text cannot recurse far. */
function tooDeep(value: unknown, level: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (level > MAX_JSON_DEPTH) return true;
  return Object.values(value as Record<string, unknown>).some((child) => tooDeep(child, level + 1));
}
