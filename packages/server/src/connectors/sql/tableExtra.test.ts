import { describe, expect, it } from 'vitest';
import { groupDigits, metadataOf, prettyBytes, splitTopLevel, tableExtraOf, unquoteLiteral } from './tableExtra.js';

describe('table extra helpers', () => {
  it('keeps only facts that have a value, in order', () => {
    const metadata = metadataOf([
      ['Type', 'table'],
      ['Comment', ''],
      ['Owner', null],
      ['Engine', undefined],
      ['Rows', 0],
      ['Blank', '  '],
    ]);
    expect(metadata).toEqual({ Type: 'table', Rows: '0' });
    expect(Object.keys(metadata)).toEqual(['Type', 'Rows']);
  });

  it('leaves out empty metadata and clustering', () => {
    expect(tableExtraOf({ metadata: {}, clustering: { cols: [] } })).toEqual({});
    const partitions = { cols: ['ds'], latest: null, partitionQuery: null };
    expect(tableExtraOf({ metadata: { Type: 'table' }, partitions, clustering: { cols: ['id'] } })).toEqual({
      metadata: { Type: 'table' },
      partitions,
      clustering: { cols: ['id'] },
    });
  });

  it('groups digits of counts and refuses what is not one', () => {
    expect(groupDigits(0)).toBe('0');
    expect(groupDigits(999)).toBe('999');
    expect(groupDigits(1234567)).toBe('1,234,567');
    expect(groupDigits('9007199254740993')).toBe('9,007,199,254,740,993');
    expect(groupDigits(12n)).toBe('12');
    expect(groupDigits(-1)).toBeNull();
    expect(groupDigits(null)).toBeNull();
    expect(groupDigits('1e3')).toBeNull();
  });

  it('prints byte sizes in 1024 steps', () => {
    expect(prettyBytes(0)).toBe('0 bytes');
    expect(prettyBytes(1023)).toBe('1023 bytes');
    expect(prettyBytes(1536)).toBe('1.5 kB');
    expect(prettyBytes(16384)).toBe('16 kB');
    expect(prettyBytes('49152')).toBe('48 kB');
    expect(prettyBytes(5 * 1024 ** 3)).toBe('5 GB');
    expect(prettyBytes(null)).toBeNull();
    expect(prettyBytes('x')).toBeNull();
  });

  it('splits lists at top-level commas only', () => {
    expect(splitTopLevel("'a,b', 5, f(x, y), \"c,d\", `e,f`")).toEqual(["'a,b'", '5', 'f(x, y)', '"c,d"', '`e,f`']);
    expect(splitTopLevel("'it''s, ok',2")).toEqual(["'it''s, ok'", '2']);
    expect(splitTopLevel('')).toEqual([]);
    expect(splitTopLevel('MAXVALUE')).toEqual(['MAXVALUE']);
  });

  it('unquotes one literal and leaves other text alone', () => {
    expect(unquoteLiteral("'it''s'")).toBe("it's");
    expect(unquoteLiteral(' 42 ')).toBe('42');
    expect(unquoteLiteral("'a' || 'b'")).toBe("'a' || 'b'");
  });
});
