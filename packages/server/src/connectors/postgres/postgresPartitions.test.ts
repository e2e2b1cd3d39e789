import { describe, expect, it } from 'vitest';
import { latestPartition, latestValues, parsePostgresBound } from './postgresPartitions.js';

describe('PostgreSQL partition bounds', () => {
  it('parses each kind of bound as pg_get_expr prints it', () => {
    expect(parsePostgresBound("FOR VALUES FROM ('2024-01-01', MINVALUE) TO ('2024-02-01', 5)")).toEqual({
      kind: 'range',
      from: ['2024-01-01', 'MINVALUE'],
      to: ['2024-02-01', '5'],
    });
    expect(parsePostgresBound("FOR VALUES FROM (') TO (') TO ('z')")).toEqual({ kind: 'range', from: [') TO ('], to: ['z'] });
    expect(parsePostgresBound("FOR VALUES IN ('a', 'it''s', NULL)")).toEqual({ kind: 'list', values: ['a', "it's", 'NULL'] });
    expect(parsePostgresBound('FOR VALUES WITH (modulus 4, remainder 1)')).toEqual({ kind: 'hash', modulus: 4, remainder: 1 });
    expect(parsePostgresBound('DEFAULT')).toEqual({ kind: 'default' });
    expect(parsePostgresBound('something else')).toBeNull();
  });

  it('takes the range partition with the highest upper bound, whatever the names', () => {
    const partitions = [
      { name: 'p_c', bound: 'FOR VALUES FROM (10) TO (20)' },
      { name: 'p_a', bound: 'FOR VALUES FROM (100) TO (200)' },
      { name: 'p_b', bound: 'FOR VALUES FROM (20) TO (100)' },
      { name: 'p_z', bound: 'DEFAULT' },
    ];
    expect(latestPartition(partitions)?.partition.name).toBe('p_a');
    const withMax = [...partitions, { name: 'p_0', bound: 'FOR VALUES FROM (200) TO (MAXVALUE)' }];
    expect(latestPartition(withMax)?.partition.name).toBe('p_0');
    const dates = [
      { name: 'ev_2024_02', bound: "FOR VALUES FROM ('2024-02-01') TO ('2024-03-01')" },
      { name: 'ev_2024_10', bound: "FOR VALUES FROM ('2024-10-01') TO ('2024-11-01')" },
      { name: 'ev_old', bound: "FOR VALUES FROM (MINVALUE) TO ('2024-02-01')" },
    ];
    expect(latestPartition(dates)?.partition.name).toBe('ev_2024_10');
  });

  it('takes the last list partition by name, the default only when alone, and none for hash', () => {
    expect(
      latestPartition([
        { name: 'b', bound: "FOR VALUES IN ('x')" },
        { name: 'a', bound: "FOR VALUES IN ('y')" },
        { name: 'z', bound: 'DEFAULT' },
      ])?.partition.name,
    ).toBe('b');
    expect(latestPartition([{ name: 'd', bound: 'DEFAULT' }])?.partition.name).toBe('d');
    expect(latestPartition([{ name: 'h0', bound: 'FOR VALUES WITH (modulus 2, remainder 0)' }])).toBeNull();
    expect(latestPartition([])).toBeNull();
  });

  it('writes the latest partition as key and values', () => {
    expect(latestValues(['created'], { kind: 'range', from: ['2024-03-01'], to: ['2024-04-01'] })).toEqual({
      created: 'from 2024-03-01 to 2024-04-01',
    });
    expect(latestValues(['d', 'id'], { kind: 'range', from: ['2024-01-01', 'MINVALUE'], to: ['2024-02-01', '5'] })).toEqual({
      'd, id': 'from (2024-01-01, MINVALUE) to (2024-02-01, 5)',
    });
    expect(latestValues(['region'], { kind: 'list', values: ['eu', 'us'] })).toEqual({ region: 'in (eu, us)' });
    expect(latestValues(['id'], { kind: 'hash', modulus: 2, remainder: 0 })).toBeNull();
  });
});
