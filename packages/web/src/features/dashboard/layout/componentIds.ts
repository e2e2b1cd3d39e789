import type { LayoutComponentType } from '@tessera/core';

// nanoid's URL-safe alphabet: ids look like Superset's `<TYPE>-<nanoid>` without adding the package for one function.
const ALPHABET = 'useandom-26T198340PX75pxJACKVERYMINDBUSHWOLF_GQZbfghjklqvwyzrict';
const ID_LENGTH = 10;

/** A fresh component id, `<TYPE>-<random>` (facts §4.3). */
export function newComponentId(type: LayoutComponentType): string {
  const bytes = new Uint8Array(ID_LENGTH);
  crypto.getRandomValues(bytes);
  let suffix = '';
  for (const byte of bytes) suffix += ALPHABET[byte & 63];
  return `${type}-${suffix}`;
}

/** Where layout operations take the ids of the components they create. */
export type IdSource = (type: LayoutComponentType) => string;

/**
 * Ids made ahead of time (in an action's `prepare`, so reducers stay pure); a type asked for twice, or one not made
 * ahead, gets a fresh id.
 */
export function idSourceFrom(ids: Partial<Record<LayoutComponentType, string>>): IdSource {
  const unused = { ...ids };
  return (type) => {
    const id = unused[type];
    if (id) {
      delete unused[type];
      return id;
    }
    return newComponentId(type);
  };
}
