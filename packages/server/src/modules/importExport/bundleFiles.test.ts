import { describe, expect, it } from 'vitest';
import { BundleReadError, chartFileName, datasetFileName, exportRoot, metadataTimestamp, readBundleFiles, secureFilename } from './bundleFiles.js';
import { readZip, writeZip, ZipReadError } from './zipBundle.js';

const zip = (files: Record<string, string>) => writeZip(Object.entries(files).map(([name, text]) => ({ name, data: Buffer.from(text) })));

describe('bundle files', () => {
  it('names files as werkzeug secure_filename and Superset get_filename do', () => {
    expect(secureFilename('Births by name')).toBe('Births_by_name');
    expect(secureFilename('../etc/passwd')).toBe('etc_passwd');
    expect(secureFilename('Ünïcode: "quoted" (x)')).toBe('Unicode_quoted_x');
    expect(secureFilename('__init__.')).toBe('init');
    expect(chartFileName('Top 10 % !', 7)).toBe('charts/Top_10_7.yaml');
    expect(chartFileName('???', 7)).toBe('charts/7.yaml');
    expect(datasetFileName({ name: 'examples', id: 1 }, { name: 'birth names', id: 3 })).toBe('datasets/examples/birth_names.yaml');
  });

  it('stamps the root folder and metadata in UTC', () => {
    const now = new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 678));
    expect(exportRoot('chart', now)).toBe('chart_export_20240102T030405');
    expect(metadataTimestamp(now)).toBe('2024-01-02T03:04:05.678000+00:00');
  });

  it('reads the YAML files below the root folder, skipping system files', async () => {
    const files = await readBundleFiles(
      zip({ 'x/metadata.yaml': 'a: 1', 'x/charts/c.yaml': '\uFEFFb: 2', 'x/charts/.c.yaml': '', 'x/charts/notes.txt': '', '__MACOSX/x/._c.yaml': '' }),
    );
    expect([...files]).toEqual([
      ['metadata.yaml', 'a: 1'],
      ['charts/c.yaml', 'b: 2'],
    ]);
    // A ZIP made from inside the folder keeps its paths.
    expect([...(await readBundleFiles(zip({ 'metadata.yaml': 'a: 1', 'charts/c.yaml': 'b: 2' }))).keys()]).toEqual(['metadata.yaml', 'charts/c.yaml']);
  });

  it('refuses what is not a ZIP and stops inflating past the byte budget', async () => {
    await expect(readBundleFiles(Buffer.from('not a zip'))).rejects.toBeInstanceOf(BundleReadError);
    const bomb = zip({ 'a.yaml': 'x'.repeat(100_000) });
    expect(bomb.length).toBeLessThan(1_000);
    await expect(readZip(bomb, { accept: () => true, maxEntries: 10, maxBytes: 50_000 })).rejects.toEqual(new ZipReadError('too-large'));
    await expect(readZip(bomb, { accept: () => true, maxEntries: 0, maxBytes: 1e6 })).rejects.toEqual(new ZipReadError('too-many-files'));
  });
});
