import { Readable } from 'node:stream';
import JSZip from 'jszip';
import { zipFiles } from '../../query-engine/chartExport.js';

/**
 * The one place that knows how ZIP files are read and written: reading is JSZip's, writing is the server's
 * own minimal writer (the one chart data exports use). Nothing else imports a ZIP library.
 */

export interface ZipEntry {
  name: string;
  data: Buffer;
}

export type ZipProblem = 'not-a-zip' | 'too-many-files' | 'too-large';

export class ZipReadError extends Error {
  override name = 'ZipReadError';
  constructor(readonly problem: ZipProblem) {
    super(problem);
  }
}

export interface ZipReadOptions {
  /** Which entries to inflate (by their name in the archive); the others are never decompressed. */
  accept: (name: string) => boolean;
  maxEntries: number;
  /** Bound on the inflated bytes of all accepted entries: a small archive may inflate to gigabytes. */
  maxBytes: number;
}

export function writeZip(files: readonly ZipEntry[]): Buffer {
  return zipFiles(files);
}

/** The accepted files of an archive, in archive order; a damaged archive or one over the limits is a ZipReadError. */
export async function readZip(data: Buffer, options: ZipReadOptions): Promise<ZipEntry[]> {
  let archive: JSZip;
  try {
    archive = await JSZip.loadAsync(data, { checkCRC32: true });
  } catch {
    throw new ZipReadError('not-a-zip');
  }
  const files = Object.values(archive.files).filter((f) => !f.dir);
  if (files.length > options.maxEntries) throw new ZipReadError('too-many-files');
  const budget = { left: options.maxBytes };
  const entries: ZipEntry[] = [];
  for (const file of files) {
    if (!options.accept(file.name)) continue;
    entries.push({ name: file.name, data: await inflate(file, budget) });
  }
  return entries;
}

/** Streams one entry so that the byte budget stops a zip bomb before it is in memory. */
async function inflate(file: JSZip.JSZipObject, budget: { left: number }): Promise<Buffer> {
  // JSZip hands out an old-style stream; wrapping it gives async iteration and destroy-on-break.
  const stream = new Readable().wrap(file.nodeStream('nodebuffer'));
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream) {
      const buffer = chunk as Buffer;
      budget.left -= buffer.length;
      if (budget.left < 0) throw new ZipReadError('too-large');
      chunks.push(buffer);
    }
  } catch (err) {
    stream.destroy();
    if (err instanceof ZipReadError) throw err;
    throw new ZipReadError('not-a-zip');
  }
  return Buffer.concat(chunks);
}
