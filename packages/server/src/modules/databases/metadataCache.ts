/**
 * Short-lived cache of schema and table lists per database (listing a big catalog is slow).
 * `force` bypasses it; updates and deletes of the database clear its entries.
 */
export class MetadataCache {
  private readonly entries = new Map<string, { expires: number; value: Promise<unknown> }>();

  async get<T>(dbId: number, key: string, ttlMs: number, force: boolean, load: () => Promise<T>): Promise<T> {
    const id = `${dbId}\u0000${key}`;
    const hit = this.entries.get(id);
    if (!force && hit && hit.expires > Date.now()) return hit.value as Promise<T>;
    const value = load();
    this.entries.set(id, { expires: Date.now() + ttlMs, value });
    // Failures are not cached.
    value.catch(() => {
      if (this.entries.get(id)?.value === value) this.entries.delete(id);
    });
    return value;
  }

  clear(dbId: number): void {
    const prefix = `${dbId}\u0000`;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}
