import { describe, expect, it } from 'vitest';
import { extractTables, type TableRef } from './tables.js';

const sorted = (refs: TableRef[]) => [...refs].sort((a, b) => `${a.schema}.${a.table}`.localeCompare(`${b.schema}.${b.table}`));

describe('extractTables', () => {
  it('finds tables after FROM, JOIN and comma lists, with schemas and quoting', () => {
    expect(sorted(extractTables('SELECT * FROM main.flights f JOIN "Air Ports" a ON 1=1, staging.x, y WHERE z IN (SELECT id FROM w)'))).toEqual(sorted([
      { schema: 'main', table: 'flights' },
      { schema: null, table: 'Air Ports' },
      { schema: 'staging', table: 'x' },
      { schema: null, table: 'y' },
      { schema: null, table: 'w' },
    ]));
  });

  it('skips CTE names and table functions but reads inside them', () => {
    expect(extractTables('WITH t AS (SELECT * FROM secret.s), u AS (SELECT 1) SELECT * FROM t, u, range(10) JOIN v USING (id)')).toEqual([
      { schema: 'secret', table: 's' },
      { schema: null, table: 'v' },
    ]);
  });

  it('sees DML targets and ignores names inside strings and comments', () => {
    expect(extractTables("INSERT INTO a.b SELECT 'FROM c' -- FROM d\n FROM e; UPDATE f SET x = 1")).toEqual([
      { schema: 'a', table: 'b' },
      { schema: null, table: 'e' },
      { schema: null, table: 'f' },
    ]);
  });
});
