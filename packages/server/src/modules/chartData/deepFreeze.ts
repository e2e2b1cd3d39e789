/**
 * Freezes a value and everything inside it. Parsed query objects and their compiled SQL are shared between
 * requests (and keyed by identity), so a later change would be a bug: freezing makes it throw.
 */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
