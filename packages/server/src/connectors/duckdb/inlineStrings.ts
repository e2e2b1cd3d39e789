/**
 * DuckDB's string_t is 16 bytes: a uint32 length, then either the string inline (length <= 12) or a
 * 4-byte prefix and a pointer. Readers look inline strings up by their 32-bit words instead of
 * decoding each one: `InlineStringIndex` keeps one value per distinct inline string (its text for the
 * cell reader, its dictionary code for the vector reader), made from the text the first time it is seen.
 */

/** Longest string DuckDB keeps inline in a string_t. */
export const INLINE_MAX = 12;

const decoder = new TextDecoder();
/** Mask keeping the first n (0..4) little-endian bytes of a 32-bit word. */
const BYTE_MASK = [0, 0xff, 0xffff, 0xffffff, -1] as const;
const maskFor = (n: number): number => BYTE_MASK[n <= 0 ? 0 : n >= 4 ? 4 : n]!;

/** An inline string's text: ASCII by char codes, anything else through TextDecoder. */
export function decodeInline(bytes: Uint8Array, start: number, len: number): string {
  let s = '';
  for (let b = 0; b < len; b++) {
    const code = bytes[start + b]!;
    if (code >= 0x80) return decoder.decode(bytes.subarray(start, start + len));
    s += String.fromCharCode(code);
  }
  return s;
}

/** By length, then by the string's words: the value at the last word, a map of the next word before it. */
type Node<T> = T | Map<number, Node<T>>;

export class InlineStringIndex<T> {
  private readonly roots = Array.from({ length: INLINE_MAX + 1 }, () => new Map<number, Node<T>>());
  /** Distinct strings seen. */
  size = 0;

  /**
   * The value of the inline string whose string_t starts at `words[w]` (`len` = words[w], <= INLINE_MAX;
   * `bytes` is the same memory as `words`), made by `make(text)` on first sight.
   */
  get(bytes: Uint8Array, words: Int32Array, w: number, len: number, make: (text: string) => T): T {
    let map = this.roots[len]!;
    for (let k = 1; ; k++) {
      // Bytes past the length are not trusted to be zero: masked off.
      const key = words[w + k]! & maskFor(len - 4 * (k - 1));
      const node = map.get(key);
      if (len <= 4 * k) {
        // The depth says this is a value, whatever T is.
        if (node !== undefined) return node as T;
        const value = make(decodeInline(bytes, w * 4 + 4, len));
        map.set(key, value);
        this.size++;
        return value;
      }
      if (node === undefined) {
        const next = new Map<number, Node<T>>();
        map.set(key, next);
        map = next;
      } else map = node as Map<number, Node<T>>;
    }
  }
}
