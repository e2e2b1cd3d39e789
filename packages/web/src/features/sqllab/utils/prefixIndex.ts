export interface IndexEntry {
  label: string;
  type: string;
  detail?: string;
}

/**
 * Case-insensitive prefix index over a large, static list of names (100k+ tables): entries sorted once by their
 * lower-cased label, then every lookup is a binary search plus a bounded scan, so a keystroke never walks the list.
 */
export class PrefixIndex {
  private readonly keys: string[];
  private readonly entries: IndexEntry[];

  constructor(entries: readonly IndexEntry[]) {
    const sorted = entries.map((entry) => ({ key: entry.label.toLowerCase(), entry }));
    sorted.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    this.keys = sorted.map((s) => s.key);
    this.entries = sorted.map((s) => s.entry);
  }

  get size(): number {
    return this.keys.length;
  }

  private lowerBound(prefix: string): number {
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.keys[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Up to `limit` entries whose label starts with `prefix` (case-insensitive), in label order. */
  search(prefix: string, limit = 100): IndexEntry[] {
    const key = prefix.toLowerCase();
    const out: IndexEntry[] = [];
    for (let i = this.lowerBound(key); i < this.keys.length && out.length < limit; i += 1) {
      if (!this.keys[i]!.startsWith(key)) break;
      out.push(this.entries[i]!);
    }
    return out;
  }

  /** Number of entries with that prefix (two binary searches). */
  count(prefix: string): number {
    const key = prefix.toLowerCase();
    return this.lowerBound(`${key}\uffff`) - this.lowerBound(key);
  }
}
