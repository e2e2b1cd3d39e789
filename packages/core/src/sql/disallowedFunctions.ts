import { asciiLower } from './sqlNames.js';

/** Superset's SupersetDisallowedSQLFunctionException message, naming the functions found. */
export const disallowedFunctionsMessage = (names: readonly string[]): string => `SQL statement contains disallowed function(s): ${names.join(', ')}`;

/** The called functions (an analysis' lower-case names) that the list disallows; names compare without ASCII case. */
export function findDisallowedFunctions(called: readonly string[], disallowed: readonly string[]): string[] {
  const refused = new Set(disallowed.map(asciiLower));
  return called.filter((name) => refused.has(asciiLower(name)));
}
