import { DuckDBInstance } from '@duckdb/node-api';
import { duckdbTextList, type DuckdbSettings } from './duckdbSettings.js';

/**
 * DuckDB engine instances, shared per file and settings within the process. DuckDB's file lock only guards
 * against other processes: two instances writing one file inside this process would corrupt it, so a file
 * open for writing has one instance. Settings (external access, allowed folders ...) are global to an
 * instance, so connections with other settings never share it: they get their own instance when every
 * instance of the file is read-only, and are refused otherwise. The last release closes an instance (so a
 * later open can choose another access mode).
 */
interface Entry {
  file: string;
  settingsKey: string;
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

/**
 * Opens the instance and applies the settings DuckDB takes only while it runs; external access is off and
 * the configuration locked before any connection is handed out, so SQL cannot widen what it may read.
 */
async function createInstance(file: string, readOnly: boolean, settings: DuckdbSettings): Promise<DuckDBInstance> {
  const instance = await DuckDBInstance.create(file, {
    ...settings.create,
    access_mode: readOnly ? 'READ_ONLY' : 'READ_WRITE',
    // Folders and paths can only be set while external access is on; it is turned off below, before any use.
    enable_external_access: settings.bootstrap ? 'true' : 'false',
  });
  try {
    const conn = await instance.connect();
    try {
      for (const sql of settings.runtime) await conn.run(sql);
      if (settings.allowedDirectories.length > 0) await conn.run(`SET allowed_directories = ${duckdbTextList(settings.allowedDirectories)}`);
      if (settings.allowedPaths.length > 0) await conn.run(`SET allowed_paths = ${duckdbTextList(settings.allowedPaths)}`);
      if (settings.bootstrap) await conn.run('SET enable_external_access = false');
      await conn.run('SET lock_configuration = true');
    } finally {
      conn.closeSync();
    }
  } catch (err) {
    instance.closeSync();
    throw err;
  }
  return instance;
}

export async function leaseInstance(filePath: string, readOnly: boolean, settings: DuckdbSettings): Promise<InstanceLease> {
  if (filePath === ':memory:') {
    // Each in-memory database is private to its instance, so there is nothing to share.
    const instance = await createInstance(':memory:', false, settings);
    return { instance, readOnly: false, release: () => instance.closeSync() };
  }
  const key = `${filePath}\u0000${settings.key}`;
  let entry = entries.get(key);
  if (entry && entry.readOnly && !readOnly) {
    throw new DuckdbModeConflictError(
      `The DuckDB file "${filePath}" is already open read-only in this server by another database connection; ` +
        'close that connection (or allow writes on both) before opening it for writing.',
    );
  }
  if (!entry) {
    const others = [...entries.values()].filter((e) => e.file === filePath);
    if (others.some((e) => !e.readOnly) || (others.length > 0 && !readOnly)) {
      throw new DuckdbModeConflictError(
        `The DuckDB file "${filePath}" is already open in this server by a database connection with other settings, ` +
          'and one of them writes to it; give both connections the same settings (or close the other one) to open it.',
      );
    }
    const previous = closing.get(filePath) ?? Promise.resolve();
    const created: Entry = {
      file: filePath,
      settingsKey: settings.key,
      ready: previous.then(() => createInstance(filePath, readOnly, settings)),
      readOnly,
      refs: 0,
    };
    entries.set(key, created);
    created.ready.catch(() => {
      if (entries.get(key) === created) entries.delete(key);
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
      if (entries.get(key) === current) entries.delete(key);
      const before = closing.get(filePath) ?? Promise.resolve();
      const done = Promise.all([before, current.ready.then((i) => i.closeSync())]).then(
        () => undefined,
        () => undefined,
      );
      closing.set(filePath, done);
      void done.then(() => {
        if (closing.get(filePath) === done) closing.delete(filePath);
      });
    },
  };
}

/** Files with a live instance, once per instance (for tests and diagnostics). */
export function openDuckdbFiles(): string[] {
  return [...entries.values()].map((e) => e.file);
}
