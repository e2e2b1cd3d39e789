import { createHash } from 'node:crypto';
import type { ConnectorHandle } from '../../connectors/types.js';
import type { Secrets } from '../../app/secrets.js';
import { connectionOfRow } from './databaseConnection.js';
import type { DatabaseRow } from './databases.repository.js';

interface Entry {
  fingerprint: string;
  handle: Promise<ConnectorHandle>;
}

/** Anything that changes how the database is opened; a stale handle is replaced even if an eviction was missed. */
function fingerprint(row: DatabaseRow): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        row.sqlalchemy_uri,
        row.password,
        row.encrypted_extra,
        row.extra,
        row.server_cert,
        row.allow_dml,
        row.allow_ctas,
        row.allow_cvas,
        row.allow_file_upload,
      ]),
    )
    .digest('hex');
}

/**
 * Open connector handles per database id, so requests reuse pools instead of reconnecting.
 * Updates and deletes evict; the app closes everything on shutdown.
 */
export class ConnectionPool {
  private readonly entries = new Map<number, Entry>();

  constructor(
    private readonly secrets: Secrets,
    private readonly dataDir: string,
  ) {}

  get(row: DatabaseRow): Promise<ConnectorHandle> {
    const fp = fingerprint(row);
    const cached = this.entries.get(row.id);
    if (cached?.fingerprint === fp) return cached.handle;
    // The stale handle must be closed before reopening: a DuckDB file cannot change access mode while open.
    const closing = cached ? this.evict(row.id) : Promise.resolve();
    const { connector, spec, options } = connectionOfRow(row, this.secrets, this.dataDir);
    const entry: Entry = { fingerprint: fp, handle: closing.then(() => connector.open(spec, options)) };
    this.entries.set(row.id, entry);
    // A failed open is not cached: the next request tries again (the server may be back).
    entry.handle.catch(() => {
      if (this.entries.get(row.id) === entry) this.entries.delete(row.id);
    });
    return entry.handle;
  }

  async evict(id: number): Promise<void> {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    await entry.handle.then(
      (h) => h.close(),
      () => undefined,
    );
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.entries.keys()].map((id) => this.evict(id)));
  }

  get size(): number {
    return this.entries.size;
  }
}
