// nanoid's URL-safe alphabet: ids look like Superset's `NATIVE_FILTER-<nanoid>` without adding the package.
const ALPHABET = 'useandom-26T198340PX75pxJACKVERYMINDBUSHWOLF_GQZbfghjklqvwyzrict';
const ID_LENGTH = 10;

function randomSuffix(): string {
  const bytes = new Uint8Array(ID_LENGTH);
  crypto.getRandomValues(bytes);
  let suffix = '';
  for (const byte of bytes) suffix += ALPHABET[byte & 63];
  return suffix;
}

/** A new native filter id (facts §4.1). */
export function newNativeFilterId(): string {
  return `NATIVE_FILTER-${randomSuffix()}`;
}

/** A new divider id (facts §4.1). */
export function newDividerId(): string {
  return `NATIVE_FILTER_DIVIDER-${randomSuffix()}`;
}
