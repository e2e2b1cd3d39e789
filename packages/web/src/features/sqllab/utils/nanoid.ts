const ALPHABET = 'useandom-26T198340PX75pxJACKVERYMINDBUSHWOLF_GQZbfghjklqvwyzrict';

/** A URL-safe random id (nanoid's alphabet); 11 characters for query client ids. */
export function nanoid(size = 11): string {
  const bytes = crypto.getRandomValues(new Uint8Array(size));
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte & 63];
  return id;
}
