import { describe, expect, it } from 'vitest';
import { mapDuckdbError } from './errors.js';

const ctx = { engineName: 'DuckDB', host: null, port: null, username: null, database: '/data/x.duckdb' };

describe('DuckDB error mapping', () => {
  it.each([
    ['Parser Error: syntax error at or near "selec"', 'SYNTAX_ERROR', 'near "selec"'],
    ['Failed to extract statements: Parser Error: syntax error at or near "SELEC"', 'SYNTAX_ERROR', 'near "SELEC"'],
    ['Failed to extract statements: Catalog Error: Table with name nosuch does not exist!', 'TABLE_DOES_NOT_EXIST_ERROR', '"nosuch"'],
    ['Catalog Error: Table with name nosuch does not exist!\nDid you mean "x"?', 'TABLE_DOES_NOT_EXIST_ERROR', '"nosuch"'],
    ['Catalog Error: Table with name "nos.t" does not exist because schema "nos" does not exist.', 'SCHEMA_DOES_NOT_EXIST_ERROR', '"nos"'],
    ['Catalog Error: SET schema: No catalog + schema named "memory.nos" found.', 'SCHEMA_DOES_NOT_EXIST_ERROR', '"nos"'],
    ['Binder Error: Referenced column "nocol" not found in FROM clause!', 'COLUMN_DOES_NOT_EXIST_ERROR', '"nocol"'],
    ['IO Error: Cannot open database "/data/x.duckdb" in read-only mode: database does not exist', 'CONNECTION_UNKNOWN_DATABASE_ERROR', '"/data/x.duckdb"'],
    ['INTERRUPT Error: Interrupted!', 'GENERIC_DB_ENGINE_ERROR', 'stopped'],
    ['Conversion Error: Could not convert string', 'GENERIC_DB_ENGINE_ERROR', 'DuckDB error: Conversion Error'],
  ])('%s → %s', (message, type, fragment) => {
    const mapped = mapDuckdbError(new Error(message), ctx);
    expect(mapped.errorType).toBe(type);
    expect(mapped.message).toContain(fragment);
  });
});
