import type { ColumnarResult } from './columnarResult';

/**
 * Result rows, outside Redux: an Arrow table is neither serialisable nor worth freezing. The store keeps the
 * metadata and a `dataKey` pointing here.
 */
const cache = new Map<string, ColumnarResult>();

export const resultCache = {
  get: (key: string | null | undefined): ColumnarResult | undefined => (key ? cache.get(key) : undefined),
  set: (key: string, data: ColumnarResult): void => {
    cache.set(key, data);
  },
  delete: (key: string | null | undefined): void => {
    if (key) cache.delete(key);
  },
  clear: (): void => cache.clear(),
  /** Drops every result no query in the store points at any more (a re-run replaced it, a stop emptied it). */
  retainOnly: (keys: ReadonlySet<string>): void => {
    for (const key of cache.keys()) if (!keys.has(key)) cache.delete(key);
  },
  size: (): number => cache.size,
};
