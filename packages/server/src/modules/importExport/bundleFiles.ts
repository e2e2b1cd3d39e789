import { METADATA_FILE, type BundleResource } from '@tessera/core';
import { readZip, ZipReadError, type ZipProblem } from './zipBundle.js';

/** Where files go in a bundle and how an uploaded one is read back, by Superset's rules (`importers/v1/utils.py`). */

/** Bounds on what an upload may inflate to; YAML definitions are small, so anything near these is not a bundle. */
export const BUNDLE_LIMITS = { maxEntries: 10_000, maxBytes: 50 * 1024 * 1024 } as const;

/** werkzeug's `secure_filename`: ASCII only, blanks to `_`, nothing but `[A-Za-z0-9_.-]`, no leading or trailing `.`/`_`. */
export function secureFilename(name: string): string {
  const ascii = name.normalize('NFKD').replace(/[^\x20-\x7e\s]/g, '');
  const joined = ascii.replaceAll('/', ' ').replaceAll('\\', ' ').split(/\s+/).filter(Boolean).join('_');
  return joined.replace(/[^A-Za-z0-9_.-]/g, '').replace(/^[._]+|[._]+$/g, '');
}

/** Superset's `get_filename`: the safe name (with `_<id>` unless skipped), or the id when nothing safe is left. */
export function fileStem(name: string, id: number, withId: boolean): string {
  const slug = secureFilename(name);
  if (!slug) return String(id);
  return withId ? `${slug}_${id}` : slug;
}

export const chartFileName = (sliceName: string, id: number) => `charts/${fileStem(sliceName, id, true)}.yaml`;
export const dashboardFileName = (title: string, id: number) => `dashboards/${fileStem(title, id, true)}.yaml`;
export const databaseFileName = (databaseName: string, id: number) => `databases/${fileStem(databaseName, id, false)}.yaml`;
export const datasetFileName = (database: { name: string; id: number }, table: { name: string; id: number }) =>
  `datasets/${fileStem(database.name, database.id, false)}/${fileStem(table.name, table.id, false)}.yaml`;

const pad = (n: number) => String(n).padStart(2, '0');

/** `chart_export_20240102T030405`: the root folder and, with `.zip`, the download's name (UTC). */
export function exportRoot(resource: BundleResource, now: Date): string {
  const stamp = `${now.getUTCFullYear()}${pad(now.getUTCMonth() + 1)}${pad(now.getUTCDate())}T${pad(now.getUTCHours())}${pad(now.getUTCMinutes())}${pad(now.getUTCSeconds())}`;
  return `${resource}_export_${stamp}`;
}

/** Python's `datetime.now(tz=timezone.utc).isoformat()`: microseconds and `+00:00`. */
export const metadataTimestamp = (now: Date) => now.toISOString().replace(/Z$/, '000+00:00');

/** Superset's `is_valid_config`: YAML files only, and no hidden or system files (`.DS_Store`, `__MACOSX/._x.yaml`). */
function isConfigFile(path: string): boolean {
  const base = path.split('/').pop() ?? '';
  return !base.startsWith('.') && !base.startsWith('_') && /\.ya?ml$/i.test(base);
}

export class BundleReadError extends Error {
  override name = 'BundleReadError';
  constructor(readonly problem: ZipProblem) {
    super(problem);
  }
}

/**
 * The YAML files of an uploaded bundle, by path below its root folder (`charts/x.yaml`). Superset always
 * drops the first folder; a ZIP made from inside that folder (metadata.yaml at the top) is read as it is.
 */
export async function readBundleFiles(data: Buffer): Promise<Map<string, string>> {
  let entries;
  try {
    entries = await readZip(data, { accept: isConfigFile, ...BUNDLE_LIMITS });
  } catch (err) {
    if (err instanceof ZipReadError) throw new BundleReadError(err.problem);
    throw err;
  }
  const flat = entries.some((e) => e.name === METADATA_FILE);
  const files = new Map<string, string>();
  for (const entry of entries) {
    const path = flat ? entry.name : entry.name.split('/').slice(1).join('/');
    if (path) files.set(path, entry.data.toString('utf8').replace(/^\uFEFF/, ''));
  }
  return files;
}
