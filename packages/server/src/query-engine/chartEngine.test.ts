import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MemoryChartCache } from './chartCache.js';
import { chartCacheKey, stableJson } from './chartCacheKey.js';
import { zipFiles } from './chartExport.js';
import { frameRowsJson, temporalToEpochMs, type ChartFrame } from './chartFrame.js';
import { SingleFlight } from './chartSingleFlight.js';
import { joinOffset, offsetQuery, parseTimeOffset, shiftMs } from './chartTimeOffsets.js';

describe('chart engine pieces', () => {
  it('reads engine time text as UTC epoch ms, honouring zones', () => {
    expect(temporalToEpochMs('2024-03-13 14:37:43')).toBe(Date.UTC(2024, 2, 13, 14, 37, 43));
    expect(temporalToEpochMs('2024-03-13')).toBe(Date.UTC(2024, 2, 13));
    expect(temporalToEpochMs('2024-03-13T14:37:43.25')).toBe(Date.UTC(2024, 2, 13, 14, 37, 43, 250));
    expect(temporalToEpochMs('2024-03-13 14:37:43+01')).toBe(Date.UTC(2024, 2, 13, 13, 37, 43));
    expect(temporalToEpochMs('2024-03-13 14:37:43-05:30')).toBe(Date.UTC(2024, 2, 13, 20, 7, 43));
    expect(temporalToEpochMs('not a date')).toBe('not a date');
    expect(temporalToEpochMs(null)).toBeNull();
  });

  it('hashes query objects independently of key order', () => {
    expect(stableJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe('{"a":[{"c":3,"d":2}],"b":1}');
    const parts = { datasourceKey: '1__table', datasourceVersion: 'v', databaseId: 1, dialect: 'duckdb', resultType: 'full', rowLevelSecurity: [] };
    expect(chartCacheKey({ ...parts, query: { metrics: ['count'], time_range: 'Last week' } })).toBe(
      chartCacheKey({ ...parts, query: { time_range: 'Last week', metrics: ['count'] } }),
    );
    expect(chartCacheKey({ ...parts, query: { time_range: 'Last week' } })).not.toBe(chartCacheKey({ ...parts, query: { time_range: 'Last month' } }));
    // One query object asked about again: the key still follows the dataset version, result type and limits.
    const query = { metrics: ['count'] };
    const first = chartCacheKey({ ...parts, query });
    expect(chartCacheKey({ ...parts, query })).toBe(first);
    expect(chartCacheKey({ ...parts, datasourceVersion: 'v2', query })).not.toBe(first);
    expect(chartCacheKey({ ...parts, resultType: 'samples', query })).not.toBe(first);
    expect(chartCacheKey({ ...parts, extra: { rowLimit: 5 }, query })).not.toBe(chartCacheKey({ ...parts, extra: { rowLimit: 6 }, query }));
    expect(chartCacheKey({ ...parts, query })).toBe(chartCacheKey({ ...parts, query: { metrics: ['count'] } }));
    // Row level security: the same query object under other rules is another entry; under the same rules, the same.
    const girls = chartCacheKey({ ...parts, rowLevelSecurity: [["gender = 'girl'"]], query });
    expect(girls).not.toBe(first);
    expect(chartCacheKey({ ...parts, rowLevelSecurity: [["gender = 'boy'"]], query })).not.toBe(girls);
    expect(chartCacheKey({ ...parts, rowLevelSecurity: [["gender = 'girl'"]], query: { metrics: ['count'] } })).toBe(girls);
  });

  it('writes rows from columns with exact bigints', () => {
    const frame: ChartFrame = { colnames: ['a', 'b'], coltypes: [0, 1], columns: [[9007199254740993n, NaN], ['x"y', null]], rowCount: 2 };
    expect(frameRowsJson(frame)).toBe('[{"a":9007199254740993,"b":"x\\"y"},{"a":null,"b":null}]');
  });

  it('shifts by calendar units and joins comparisons on the shifted x-axis', () => {
    const year = parseTimeOffset('1 year ago');
    expect(shiftMs(Date.UTC(2021, 0, 1), year, -1)).toBe(Date.UTC(2020, 0, 1));
    expect(shiftMs(Date.UTC(2021, 2, 31), parseTimeOffset('1 month ago'), -1)).toBe(Date.UTC(2021, 1, 28));
    expect(shiftMs(Date.UTC(2020, 1, 29, 5), year, -1)).toBe(Date.UTC(2019, 1, 28, 5));
    expect(shiftMs(Date.UTC(2021, 0, 8), parseTimeOffset('1 week ago'), -1)).toBe(Date.UTC(2021, 0, 1));
    expect(() => parseTimeOffset('yesterday-ish')).toThrow();
    const q = offsetQuery({ filters: [{ col: 'ds', op: 'TEMPORAL_RANGE', val: 'Last year' }] }, Date.UTC(2021, 0, 1), Date.UTC(2022, 0, 1), year);
    expect(q.filters![0]!.val).toBe('2020-01-01T00:00:00 : 2021-01-01T00:00:00');
    expect(() => offsetQuery({}, null, null, year)).toThrow();

    const main: ChartFrame = { colnames: ['ds', 'g', 'm'], coltypes: [2, 1, 0], columns: [[Date.UTC(2021, 0, 1), Date.UTC(2021, 0, 1), Date.UTC(2022, 0, 1)], ['a', 'b', 'a'], [1, 2, 3]], rowCount: 3 };
    const other: ChartFrame = { colnames: ['ds', 'g', 'm'], coltypes: [2, 1, 0], columns: [[Date.UTC(2020, 0, 1), Date.UTC(2021, 0, 1)], ['a', 'a'], [10, 30]], rowCount: 2 };
    const joined = joinOffset(main, other, 'ds', ['m'], year);
    expect(joined.colnames).toEqual(['ds', 'g', 'm', 'm__1 year ago']);
    expect(joined.columns[3]).toEqual([10, null, 30]);
  });

  it('caches by TTL within a byte budget', async () => {
    const cache = new MemoryChartCache(1000);
    await cache.set('a', { cachedDttm: 't', body: 'x'.repeat(100) }, 60);
    await cache.set('zero', { cachedDttm: 't', body: 'x' }, 0);
    expect(await cache.get('a')).toEqual({ cachedDttm: 't', body: 'x'.repeat(100) });
    expect(await cache.get('zero')).toBeNull();
    for (let i = 0; i < 10; i++) await cache.set(`k${i}`, { cachedDttm: 't', body: 'y'.repeat(100) }, 60);
    expect(await cache.get('a')).toBeNull();
    expect(await cache.get('k9')).not.toBeNull();
  });

  it('runs identical work once while in flight, and forgets failures', async () => {
    const flight = new SingleFlight<number>();
    let runs = 0;
    const work = () => new Promise<number>((resolve) => setTimeout(() => resolve(++runs), 10));
    expect(await Promise.all([flight.run('k', work), flight.run('k', work), flight.run('other', work)])).toEqual([1, 1, 2]);
    await expect(flight.run('bad', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await flight.run('bad', async () => 7)).toBe(7);
    expect(flight.size).toBe(0);
  });

  it('zips files that read back', () => {
    const files = [
      { name: 'a.csv', data: Buffer.from('x,y\r\n1,2\r\n') },
      { name: 'b.csv', data: Buffer.from('z\r\n'.repeat(50)) },
    ];
    const zip = zipFiles(files);
    let offset = 0;
    for (const file of files) {
      expect(zip.readUInt32LE(offset)).toBe(0x04034b50);
      const packed = zip.readUInt32LE(offset + 18);
      const nameLength = zip.readUInt16LE(offset + 26);
      expect(zip.subarray(offset + 30, offset + 30 + nameLength).toString()).toBe(file.name);
      const start = offset + 30 + nameLength;
      expect(inflateRawSync(zip.subarray(start, start + packed))).toEqual(file.data);
      offset = start + packed;
    }
    expect(zip.readUInt32LE(zip.length - 22)).toBe(0x06054b50);
    expect(zip.readUInt16LE(zip.length - 12)).toBe(2);
  });
});
