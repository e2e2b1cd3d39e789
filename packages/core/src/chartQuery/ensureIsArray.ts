/** Normalizes an optional single value or list to a list (null/undefined -> []). */
export function ensureIsArray<T>(value: T | T[] | readonly T[] | null | undefined): T[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? [...(value as T[])] : [value as T];
}
