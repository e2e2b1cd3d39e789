import path from 'node:path';
import { connectorForEngine, specFromUri } from '../../connectors/registry.js';
import type { ConnectionSpec, Connector, OpenOptions } from '../../connectors/types.js';
import type { Secrets } from '../../app/secrets.js';
import type { DatabaseRow } from './databases.repository.js';
import { parseJsonObject } from './secretJson.js';

/** Everything needed to open a database: which connector, where, and how. */
export interface ResolvedConnection {
  connector: Connector;
  spec: ConnectionSpec;
  options: OpenOptions;
}

export interface ConnectionSettings {
  extra: string | null;
  /** Decrypted encrypted_extra JSON text. */
  encryptedExtra: string | null;
  serverCert: string | null;
  /** Any of DML/CTAS/CVAS/upload allowed: the engine must be opened for writing. */
  needsWrite: boolean;
}

const asRecord = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** `extra.engine_params.connect_args`, overlaid by the same place in the encrypted extra (where secrets go). */
export function connectArgsOf(extra: string | null, encryptedExtra: string | null): Record<string, unknown> {
  const plain = asRecord(asRecord(parseJsonObject(extra).engine_params).connect_args);
  const secret = asRecord(asRecord(parseJsonObject(encryptedExtra).engine_params).connect_args);
  return { ...plain, ...secret };
}

/**
 * File paths in URIs are resolved against DATA_DIR, not the process's working directory:
 * `sqlite:///shop.db` means DATA_DIR/shop.db wherever the server was started from.
 */
export function resolveFilePath(spec: ConnectionSpec, dataDir: string): ConnectionSpec {
  if (spec.filePath === null || spec.filePath === ':memory:' || spec.filePath === '') return spec;
  return { ...spec, filePath: path.resolve(dataDir, spec.filePath) };
}

export function resolveConnection(spec: ConnectionSpec, settings: ConnectionSettings, dataDir: string): ResolvedConnection {
  return {
    connector: connectorForEngine(spec.engine),
    spec: resolveFilePath(spec, dataDir),
    options: {
      readOnly: !settings.needsWrite,
      connectArgs: connectArgsOf(settings.extra, settings.encryptedExtra),
      serverCert: settings.serverCert,
    },
  };
}

/** The stored spec of a row with its password decrypted (the URI in the row never holds it). */
export function storedSpec(row: DatabaseRow, secrets: Secrets): ConnectionSpec {
  const spec = specFromUri(row.sqlalchemy_uri);
  return { ...spec, password: row.password ? secrets.decrypt(row.password) : null };
}

export function decryptedExtra(row: DatabaseRow, secrets: Secrets): string | null {
  return row.encrypted_extra ? secrets.decrypt(row.encrypted_extra) : null;
}

export function rowNeedsWrite(row: Pick<DatabaseRow, 'allow_dml' | 'allow_ctas' | 'allow_cvas' | 'allow_file_upload'>): boolean {
  return Boolean(row.allow_dml || row.allow_ctas || row.allow_cvas || row.allow_file_upload);
}

export function connectionOfRow(row: DatabaseRow, secrets: Secrets, dataDir: string): ResolvedConnection {
  return resolveConnection(
    storedSpec(row, secrets),
    { extra: row.extra, encryptedExtra: decryptedExtra(row, secrets), serverCert: row.server_cert, needsWrite: rowNeedsWrite(row) },
    dataDir,
  );
}
