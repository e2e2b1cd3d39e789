/** Default tab name prefix (spec §9). */
export const UNTITLED_PREFIX = 'Untitled Query ';

/** 'Untitled Query N' where N is the highest existing number plus 1. */
export function newTabName(existingNames: readonly string[]): string {
  let highest = 0;
  for (const name of existingNames) {
    if (!name.startsWith(UNTITLED_PREFIX)) continue;
    const n = Number(name.slice(UNTITLED_PREFIX.length));
    if (Number.isInteger(n) && n > highest) highest = n;
  }
  return `${UNTITLED_PREFIX}${highest + 1}`;
}

/** Name of a tab cloned from another one. */
export function cloneTabName(name: string): string {
  return `Copy of ${name}`;
}
