import { DuckDBInstance } from '@duckdb/node-api';

/**
 * One DuckDBInstance per file per process. DuckDB's file lock only guards against other processes:
 * two instances on one file inside this process would both write it. Handles lease the shared
 * instance; the last release closes it (so a later open can choose another access mode).
 */
interface Entry {
  ready: Promise<DuckDBInstance>;
  readOnly: boolean;
  refs: number;
}

const entries = new Map<string, Entry>();
/** Close of a released instance still in progress, per file: a new open waits for it. */
const closing = new Map<string, Promise<void>>();

export interface InstanceLease {
  instance: DuckDBInstance;
  /** Whether the shared instance is read-only (a read-only request may get a read-write instance). */
  readOnly: boolean;
  release(): void;
}

export class DuckdbModeConflictError extends Error {
  override name = 'DuckdbModeConflictError';
}

/** `config` are DuckDB settings (strings); they apply when this call opens the instance, not when it shares one. */
export async function leaseInstance(filePath: string, readOnly: boolean, config: Record<string, string>): Promise<InstanceLease> {
  const options = { ...config, access_mode: readOnly ? 'READ_ONLY' : 'READ_WRITE' };
  if (filePath === ':memory:') {
    // Each in-memory database is private to its instance, so there is nothing to share.
    const instance = await DuckDBInstance.create(':memory:', options);
    return { instance, readOnly: false, release: () => instance.closeSync() };
  }
  let entry = entries.get(filePath);
  if (entry && entry.readOnly && !readOnly) {
    throw new DuckdbModeConflictError(
      `The DuckDB file "${filePath}" is already open read-only in this server by another database connection; ` +
        'close that connection (or allow writes on both) before opening it for writing.',
    );
  }
  if (!entry) {
    const previous = closing.get(filePath) ?? Promise.resolve();
    const created: Entry = { ready: previous.then(() => DuckDBInstance.create(filePath, options)), readOnly, refs: 0 };
    entries.set(filePath, created);
    created.ready.catch(() => {
      if (entries.get(filePath) === created) entries.delete(filePath);
    });
    entry = created;
  }
  const current = entry;
  current.refs++;
  let instance: DuckDBInstance;
  try {
    instance = await current.ready;
  } catch (err) {
    current.refs--;
    throw err;
  }
  let released = false;
  return {
    instance,
    readOnly: current.readOnly,
    release: () => {
      if (released) return;
      released = true;
      current.refs--;
      if (current.refs > 0) return;
      if (entries.get(filePath) === current) entries.delete(filePath);
      const done = current.ready.then((i) => i.closeSync()).catch(() => undefined);
      closing.set(filePath, done);
      void done.then(() => {
        if (closing.get(filePath) === done) closing.delete(filePath);
      });
    },
  };
}

/** Files with a live instance (for tests and diagnostics). */
export function openDuckdbFiles(): string[] {
  return [...entries.keys()];
}
