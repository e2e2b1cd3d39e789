import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { dosDateTime, storeEntry, zipArchive } from './zipArchive.js';

describe('zipArchive', () => {
  it('stamps entries with a valid date (not 1980-00-00), read back as written', async () => {
    const when = new Date(2026, 10, 26, 14, 37, 42);
    const zip = await JSZip.loadAsync(zipArchive([storeEntry('a.txt', Buffer.from('hello'))], when));
    const entry = zip.file('a.txt')!;
    expect(await entry.async('string')).toBe('hello');
    // JSZip reads DOS times as UTC fields.
    expect([entry.date.getUTCFullYear(), entry.date.getUTCMonth(), entry.date.getUTCDate(), entry.date.getUTCHours(), entry.date.getUTCMinutes(), entry.date.getUTCSeconds()]).toEqual([2026, 10, 26, 14, 37, 42]);
  });

  it('keeps DOS dates within the format’s years', () => {
    expect(dosDateTime(new Date(1970, 0, 1))).toEqual({ date: (0 << 9) | (1 << 5) | 1, time: 0 });
    expect(dosDateTime(new Date(2026, 0, 31, 23, 59, 59)).time).toBe((23 << 11) | (59 << 5) | 29);
  });
});
