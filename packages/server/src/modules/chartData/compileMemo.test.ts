import type { CompiledQuery, DatasourceDescriptor, QueryObject, SqlDialect } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { CompileMemo } from './compileMemo.js';

const descriptor = { key: '1__table' } as DatasourceDescriptor;
const dialect = { name: 'duckdb' } as SqlDialect;

/** A stand-in compiler: the SQL names the day of `now` when the query's range is relative. */
function compiler(query: QueryObject, calls: { n: number }) {
  return (now: Date): CompiledQuery => {
    calls.n++;
    const day = now.toISOString().slice(0, 10);
    const relative = query.time_range === 'Last day';
    return {
      sql: relative ? `SELECT 1 WHERE ds >= '${day}'` : 'SELECT 1',
      colnames: ['x'],
      metricLabels: [],
      temporalLabels: [],
      appliedFilters: [],
      rejectedFilters: [],
      fromDttm: relative ? now.getTime() : null,
      toDttm: null,
      rowLimit: null,
    };
  };
}

describe('CompileMemo', () => {
  const now = new Date('2024-05-01T12:00:00Z');

  it('compiles a clock-free query once, after seeing it twice, and keeps answering the same SQL', () => {
    const memo = new CompileMemo();
    const query = Object.freeze({ time_range: 'No filter' }) as QueryObject;
    const calls = { n: 0 };
    const at = compiler(query, calls);
    const first = memo.compile(query, descriptor, dialect, 'l', now, at);
    const second = memo.compile(query, descriptor, dialect, 'l', now, at);
    const later = memo.compile(query, descriptor, dialect, 'l', new Date('2030-01-01T00:00:00Z'), at);
    expect([first.sql, second.sql, later.sql]).toEqual(['SELECT 1', 'SELECT 1', 'SELECT 1']);
    // First sight 1, second sight 2 (the check at another clock), then none.
    expect(calls.n).toBe(3);
    expect(Object.isFrozen(later.colnames)).toBe(true);
  });

  it('compiles a relative range on every request, at that request\'s clock', () => {
    const memo = new CompileMemo();
    const query = Object.freeze({ time_range: 'Last day' }) as QueryObject;
    const calls = { n: 0 };
    const at = compiler(query, calls);
    memo.compile(query, descriptor, dialect, 'l', now, at);
    memo.compile(query, descriptor, dialect, 'l', now, at);
    const later = memo.compile(query, descriptor, dialect, 'l', new Date('2030-01-01T00:00:00Z'), at);
    expect(later.sql).toBe("SELECT 1 WHERE ds >= '2030-01-01'");
    expect(later.fromDttm).toBe(Date.parse('2030-01-01T00:00:00Z'));
  });

  it('compiles again for another dataset version, dialect or limits, and never keeps unfrozen queries', () => {
    const memo = new CompileMemo();
    const query = Object.freeze({ time_range: 'No filter' }) as QueryObject;
    const calls = { n: 0 };
    const at = compiler(query, calls);
    memo.compile(query, descriptor, dialect, 'l', now, at);
    memo.compile(query, descriptor, dialect, 'l', now, at);
    calls.n = 0;
    memo.compile(query, { ...descriptor }, dialect, 'l', now, at);
    memo.compile(query, descriptor, { ...dialect }, 'l', now, at);
    memo.compile(query, descriptor, dialect, 'other', now, at);
    expect(calls.n).toBe(3);

    const loose = { time_range: 'No filter' } as QueryObject;
    const looseCalls = { n: 0 };
    for (let i = 0; i < 3; i++) memo.compile(loose, descriptor, dialect, 'l', now, compiler(loose, looseCalls));
    expect(looseCalls.n).toBe(3);
  });

  it('leaves a query that fails only at the other clock to be compiled per request', () => {
    const memo = new CompileMemo();
    const query = Object.freeze({ time_range: 'x' }) as QueryObject;
    let n = 0;
    const at = (clock: Date): CompiledQuery => {
      n++;
      if (clock.getTime() !== now.getTime()) throw new Error('range start is after its end');
      return compiler(query, { n: 0 })(clock);
    };
    memo.compile(query, descriptor, dialect, 'l', now, at);
    memo.compile(query, descriptor, dialect, 'l', now, at);
    memo.compile(query, descriptor, dialect, 'l', now, at);
    expect(n).toBe(4);
  });
});
