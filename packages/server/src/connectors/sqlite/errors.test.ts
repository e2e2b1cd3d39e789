import { describe, expect, it } from 'vitest';
import { mapSqliteError } from './errors.js';

const ctx = { engineName: 'SQLite', host: null, port: null, username: null, database: '/data/x.db' };
const sqliteError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('SQLite error mapping', () => {
  it.each([
    [sqliteError('SQLITE_ERROR', 'near "selec": syntax error'), 'SYNTAX_ERROR', 'near "selec"'],
    [sqliteError('SQLITE_ERROR', 'no such table: orders'), 'TABLE_DOES_NOT_EXIST_ERROR', '"orders"'],
    [sqliteError('SQLITE_ERROR', 'no such column: nme'), 'COLUMN_DOES_NOT_EXIST_ERROR', '"nme"'],
    [sqliteError('SQLITE_ERROR', 'unknown database aux'), 'SCHEMA_DOES_NOT_EXIST_ERROR', '"aux"'],
    [sqliteError('SQLITE_CANTOPEN', 'unable to open database file'), 'CONNECTION_UNKNOWN_DATABASE_ERROR', '"/data/x.db"'],
    [sqliteError('SQLITE_READONLY', 'attempt to write a readonly database'), 'GENERIC_DB_ENGINE_ERROR', 'readonly'],
  ])('%s → %s', (error, type, fragment) => {
    const mapped = mapSqliteError(error, ctx);
    expect(mapped.errorType).toBe(type);
    expect(mapped.message).toContain(fragment);
  });
});
