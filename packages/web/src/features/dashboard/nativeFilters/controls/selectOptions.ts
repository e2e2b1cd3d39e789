import type { SelectValue } from '@tessera/core';

/** Select options carry string keys; the raw values (numbers, booleans, NULL) are kept beside them. */
export const optionKey = (value: SelectValue): string => `${value === null ? 'null' : typeof value}:${String(value)}`;
export const optionLabel = (value: SelectValue): string => (value === null ? '<NULL>' : String(value));

export interface ValueOption {
  key: string;
  label: string;
  value: SelectValue;
}

export function toOptions(values: readonly unknown[]): ValueOption[] {
  const seen = new Set<string>();
  const options: ValueOption[] = [];
  for (const raw of values) {
    const value = (typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean' || raw === null ? raw : String(raw)) as SelectValue;
    const key = optionKey(value);
    if (seen.has(key)) continue;
    seen.add(key);
    options.push({ key, label: optionLabel(value), value });
  }
  return options;
}

/** The filter's current values as a list (a single select stores a one-item list too, as Superset does). */
export function currentValues(value: unknown): SelectValue[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]) as SelectValue[];
}
