import { describe, expect, it } from 'vitest';
import { latestMysqlPartition, partitionColumns, type MysqlPartition } from './mysqlPartitions.js';

const part = (name: string, method: string, expression: string, description: string | null): MysqlPartition => ({
  name,
  method,
  expression,
  description,
});

describe('MySQL partitions', () => {
  it('names the columns of a partition expression', () => {
    expect(partitionColumns('year(`created`)')).toEqual(['created']);
    expect(partitionColumns('`created`,`id`')).toEqual(['created', 'id']);
    expect(partitionColumns('`odd``name` + `odd``name`')).toEqual(['odd`name']);
    expect(partitionColumns('')).toEqual([]);
  });

  it('describes the last range partition from the bound before it', () => {
    const parts = [part('p2023', 'RANGE', 'year(`created`)', '2024'), part('p2024', 'RANGE', 'year(`created`)', '2025')];
    expect(latestMysqlPartition(parts)).toEqual({ 'year(created)': 'from 2024 to 2025' });
    expect(latestMysqlPartition(parts.slice(0, 1))).toEqual({ 'year(created)': 'less than 2024' });
    const columns = [part('a', 'RANGE COLUMNS', '`created`,`id`', "'2024-01-01',10"), part('b', 'RANGE COLUMNS', '`created`,`id`', "'2025-01-01',MAXVALUE")];
    expect(latestMysqlPartition(columns)).toEqual({ 'created, id': 'from (2024-01-01, 10) to (2025-01-01, MAXVALUE)' });
  });

  it('lists the values of the last list partition; hash partitions have no latest', () => {
    expect(latestMysqlPartition([part('e', 'LIST COLUMNS', '`region`', "'eu','it''s'")])).toEqual({ region: "in (eu, it's)" });
    expect(latestMysqlPartition([part('p0', 'HASH', '`id`', null), part('p1', 'HASH', '`id`', null)])).toBeNull();
    expect(latestMysqlPartition([])).toBeNull();
  });
});
