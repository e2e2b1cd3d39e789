import path from 'node:path';
import { ConnectorError } from '../connectorError.js';
import { canonicalPath, pathsOverlap } from '../protectedPaths.js';
import type { ErrorContext } from '../types.js';

/**
 * The DuckDB settings of one database connection. DuckDB's settings are global to an engine instance, so
 * connections with different settings never share one (see duckdbInstances.ts); `key` tells them apart.
 */
export interface DuckdbSettings {
  /** Options given when the instance is created (admin settings and our defaults; never the access ones). */
  create: Record<string, string>;
  /** `SET` statements for list settings, which DuckDB takes only once the instance runs. */
  runtime: string[];
  /** What SQL may read or write outside the database file: DuckDB enforces these with external access off. */
  allowedDirectories: string[];
  allowedPaths: string[];
  /** Some settings are only accepted while external access is on: the instance then opens with it and turns it off before use. */
  bootstrap: boolean;
  key: string;
}

/**
 * Safe defaults: SQL must not read or write server files (read_csv('/etc/...'), COPY TO, ATTACH) nor make
 * the server download extensions. External access is never on while SQL runs; an admin lists what a
 * database may read in `extra.engine_params.connect_args.config.allowed_directories` / `allowed_paths`.
 */
const DEFAULTS: Record<string, string> = { autoinstall_known_extensions: 'false' };

/** Settings Tessera sets itself: access mode follows the database's flags, and the access settings are ours. */
const RESERVED = new Set(['access_mode', 'enable_external_access', 'allowed_directories', 'allowed_paths', 'lock_configuration', 'allowed_configs']);

/** Settings naming one file or folder DuckDB reads or writes (its temporary folder is readable to SQL, for one). */
const PATH_SETTINGS = new Set([
  'temp_directory',
  'extension_directory',
  'home_directory',
  'secret_directory',
  'log_query_path',
  'profile_output',
  'profiling_output',
  'http_logging_output',
]);
/** Settings naming several folders: `file_search_path` is text separated by commas, `extension_directories` a list. */
const PATH_TEXT_LIST_SETTINGS = new Set(['file_search_path']);
const PATH_LIST_SETTINGS = new Set(['extension_directories']);

const refused = (ctx: ErrorContext, message: string) => new ConnectorError('DATABASE_SECURITY_ACCESS_ERROR', message, { engine_name: ctx.engineName });

const truthy = (v: unknown) => ['true', '1', 'on', 'yes'].includes(String(v).trim().toLowerCase());

function listOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => String(v).trim()).filter(Boolean);
  if (value === null || value === undefined) return [];
  return String(value)
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/** Each path absolute and apart from the protected folders (which hold the secret key and the metadata store). */
function checkedPaths(name: string, paths: string[], protectedDirs: readonly string[], ctx: ErrorContext): string[] {
  return paths.map((p) => {
    if (!path.isAbsolute(p)) throw refused(ctx, `The DuckDB setting "${name}" must name absolute paths (got "${p}").`);
    const canonical = canonicalPath(p);
    if (protectedDirs.some((dir) => pathsOverlap(canonical, canonicalPath(dir)))) {
      throw refused(ctx, `The DuckDB setting "${name}" reaches the server's data directory, which SQL may never read.`);
    }
    return canonical;
  });
}

/** DuckDB's list literal: ['a', 'b']. */
export function duckdbTextList(values: readonly string[]): string {
  return `[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]`;
}

/** `connect_args.config` → the settings an instance opens with; refuses what would reach `protectedDirs`. */
export function duckdbSettings(connectArgs: Record<string, unknown>, protectedDirs: readonly string[], ctx: ErrorContext): DuckdbSettings {
  const config = connectArgs.config;
  const given: Record<string, unknown> = {};
  if (typeof config === 'object' && config !== null && !Array.isArray(config)) {
    // DuckDB reads setting names case-insensitively: so must we, or `ENABLE_EXTERNAL_ACCESS` would slip through.
    for (const [k, v] of Object.entries(config as Record<string, unknown>)) given[k.trim().toLowerCase()] = v;
  }
  const allowedDirectories = checkedPaths('allowed_directories', listOf(given.allowed_directories), protectedDirs, ctx);
  const allowedPaths = checkedPaths('allowed_paths', listOf(given.allowed_paths), protectedDirs, ctx);
  if (given.enable_external_access !== undefined && truthy(given.enable_external_access) && allowedDirectories.length + allowedPaths.length === 0) {
    throw refused(
      ctx,
      'DuckDB external access cannot be turned on without limits: SQL could read any file of the server, its secret key ' +
        'and metadata store included. List what this database may read in "allowed_directories" or "allowed_paths".',
    );
  }
  const create: Record<string, string> = { ...DEFAULTS };
  const runtime: string[] = [];
  let pathSettings = false;
  for (const [name, value] of Object.entries(given)) {
    if (RESERVED.has(name)) continue;
    if (PATH_SETTINGS.has(name)) {
      create[name] = checkedPaths(name, [String(value)], protectedDirs, ctx)[0]!;
      pathSettings = true;
    } else if (PATH_TEXT_LIST_SETTINGS.has(name)) {
      create[name] = checkedPaths(name, listOf(value), protectedDirs, ctx).join(',');
      pathSettings = true;
    } else if (PATH_LIST_SETTINGS.has(name)) {
      runtime.push(`SET ${name} = ${duckdbTextList(checkedPaths(name, listOf(value), protectedDirs, ctx))}`);
      pathSettings = true;
    } else {
      create[name] = String(value);
    }
  }
  const bootstrap = pathSettings || allowedDirectories.length > 0 || allowedPaths.length > 0;
  const key = JSON.stringify([Object.entries(create).sort(([a], [b]) => a.localeCompare(b)), runtime, allowedDirectories, allowedPaths]);
  return { create, runtime, allowedDirectories, allowedPaths, bootstrap, key };
}
