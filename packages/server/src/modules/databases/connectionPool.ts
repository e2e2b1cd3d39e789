import { createHash } from 'node:crypto';
import { catalogueError } from '../../app/httpErrors.js';
import type { PoolLimits } from '../../connectors/resourcePool.js';
import type { ConnectorHandle } from '../../connectors/types.js';
import type { Secrets } from '../../app/secrets.js';
import type { ConnectionPolicy } from './connectionPolicy.js';
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

const serverClosing = () => catalogueError(503, 'GENERIC_BACKEND_ERROR', 'The server is shutting down: try again in a moment.');

/**
 * Open connector handles per database id, so requests reuse pools instead of reconnecting.
 * Updates and deletes evict; the app closes everything on shutdown.
 */
export class ConnectionPool {
  private readonly entries = new Map<number, Entry>();

  constructor(
    private readonly secrets: Secrets,
    private readonly dataDir: string,
    /** Checked at every open, so a row stored before a rule existed (or written around the API) cannot connect. */
    private readonly policy: ConnectionPolicy,
    /** How each handle's connections are shared between users (QUERY_MAX_PER_USER, QUERY_QUEUE_TIMEOUT). */
    private readonly poolLimits?: PoolLimits,
  ) {}

  /** Set by closeAll (server shutdown): no handle opens again, so no statement can start after the close. */
  private closed = false;

  get(row: DatabaseRow): Promise<ConnectorHandle> {
    if (this.closed) return Promise.reject(serverClosing());
    const fp = fingerprint(row);
    const cached = this.entries.get(row.id);
    if (cached?.fingerprint === fp) return cached.handle;
    // The stale handle must be closed before reopening: a DuckDB file cannot change access mode while open.
    const closing = cached ? this.evict(row.id) : Promise.resolve();
    const resolved = connectionOfRow(row, this.secrets, this.dataDir);
    const open = async () => {
      const { connector, spec, options } = await this.policy.admit(resolved);
      return connector.open(spec, this.poolLimits ? { ...options, poolLimits: this.poolLimits } : options);
    };
    const entry: Entry = { fingerprint: fp, handle: closing.then(open) };
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

  /** Cancels every running statement, waits for them, then closes connections (each handle's close does all three). */
  async closeAll(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.entries.keys()].map((id) => this.evict(id)));
  }

  get size(): number {
    return this.entries.size;
  }
}
