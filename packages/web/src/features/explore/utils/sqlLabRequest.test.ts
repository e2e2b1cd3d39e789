import { describe, expect, it } from 'vitest';
import { FLIGHTS_DATASOURCE } from '../../../test/fixtures/exploreDatasource';
import { sqlLabRequestFor } from './sqlLabRequest';

describe('sqlLabRequestFor', () => {
  it("opens a physical dataset's first rows on its database and schema, quoted for the engine", () => {
    const physical = { ...FLIGHTS_DATASOURCE, uid: '5__table', table_name: 'flights', schema: 'main', database: { id: 3, backend: 'duckdb' }, sql: null };
    expect(sqlLabRequestFor(physical)).toEqual({ sql: 'SELECT *\nFROM "main"."flights"\nLIMIT 100', dbId: 3, schema: 'main', datasourceKey: '5__table' });
    const mysql = { ...physical, table_name: 'odd`name', schema: 'test', database: { id: 4, backend: 'mysql' } };
    expect(sqlLabRequestFor(mysql).sql).toBe('SELECT *\nFROM `test`.`odd``name`\nLIMIT 100');
  });

  it("opens a virtual dataset's own SQL", () => {
    const virtual = { ...FLIGHTS_DATASOURCE, uid: '9__table', table_name: 'late', schema: null, database: { id: 3, backend: 'duckdb' }, sql: 'SELECT * FROM flights WHERE dep_delay > 60' };
    expect(sqlLabRequestFor(virtual)).toMatchObject({ sql: 'SELECT * FROM flights WHERE dep_delay > 60', dbId: 3, schema: null });
  });
});
