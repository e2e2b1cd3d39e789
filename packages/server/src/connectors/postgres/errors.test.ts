import { describe, expect, it } from 'vitest';
import { ConnectorError } from '../connectorError.js';
import { mapPostgresConnectError, mapPostgresError } from './errors.js';

const ctx = { engineName: 'PostgreSQL', host: 'db.example.com', port: 5432, username: 'bob', database: 'sales' };
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('PostgreSQL error mapping', () => {
  it.each([
    [Object.assign(new Error('getaddrinfo ENOTFOUND db.example.com'), { code: 'ENOTFOUND' }), 'CONNECTION_INVALID_HOSTNAME_ERROR', 'The hostname "db.example.com" cannot be resolved.'],
    [Object.assign(new Error('getaddrinfo EAI_AGAIN'), { code: 'EAI_AGAIN' }), 'CONNECTION_INVALID_HOSTNAME_ERROR', null],
    [Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), 'CONNECTION_PORT_CLOSED_ERROR', 'Port 5432 on hostname "db.example.com" refused the connection.'],
    [new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]), 'CONNECTION_PORT_CLOSED_ERROR', null],
    [Object.assign(new Error('connect ETIMEDOUT'), { code: 'ETIMEDOUT' }), 'CONNECTION_HOST_DOWN_ERROR', `The host "db.example.com" might be down, and can't be reached on port 5432.`],
    [Object.assign(new RangeError('Port should be >= 0 and < 65536'), { code: 'ERR_SOCKET_BAD_PORT' }), 'CONNECTION_INVALID_PORT_ERROR', null],
    [pgError('28P01', 'password authentication failed for user "bob"'), 'CONNECTION_INVALID_PASSWORD_ERROR', 'The password provided for username "bob" is incorrect.'],
    [pgError('28000', 'role "bob" does not exist'), 'CONNECTION_INVALID_USERNAME_ERROR', 'The username "bob" does not exist.'],
    [pgError('28000', 'no pg_hba.conf entry for host'), 'CONNECTION_ACCESS_DENIED_ERROR', null],
    [pgError('3D000', 'database "sales" does not exist'), 'CONNECTION_UNKNOWN_DATABASE_ERROR', 'Unable to connect to database "sales".'],
    [pgError('42501', 'permission denied for database sales'), 'CONNECTION_DATABASE_PERMISSIONS_ERROR', null],
    [pgError('42501', 'permission denied for table t'), 'CONNECTION_DATABASE_PERMISSIONS_ERROR', 'permission denied for table t'],
    [pgError('42601', 'syntax error at or near "FORM"'), 'SYNTAX_ERROR', 'Please check your query for syntax errors near "FORM". Then, try running your query again.'],
    [pgError('42P01', 'relation "birth_names" does not exist'), 'TABLE_DOES_NOT_EXIST_ERROR', 'The table "birth_names" does not exist. A valid table must be used to run this query.'],
    [pgError('42703', 'column "nme" does not exist'), 'COLUMN_DOES_NOT_EXIST_ERROR', `We can't seem to resolve the column "nme".`],
    [pgError('3F000', 'schema "sales" does not exist'), 'SCHEMA_DOES_NOT_EXIST_ERROR', 'The schema "sales" does not exist. A valid schema must be used to run this query.'],
    [pgError('22012', 'division by zero'), 'GENERIC_DB_ENGINE_ERROR', 'PostgreSQL error: division by zero'],
  ])('%s → %s', (error, type, message) => {
    const mapped = mapPostgresError(error, ctx);
    expect(mapped).toBeInstanceOf(ConnectorError);
    expect(mapped.errorType).toBe(type);
    if (message) expect(mapped.message).toBe(message);
    expect(mapped.toEntry().extra.issue_codes.length).toBeGreaterThan(0);
  });

  it('treats a dropped socket while connecting as the host being down', () => {
    expect(mapPostgresConnectError(new Error('Connection terminated unexpectedly'), ctx).errorType).toBe('CONNECTION_HOST_DOWN_ERROR');
    expect(mapPostgresConnectError(new Error('timeout exceeded when trying to connect'), ctx).errorType).toBe('CONNECTION_HOST_DOWN_ERROR');
  });

  it('tells a user cancel from a statement timeout', () => {
    expect(mapPostgresError(pgError('57014', 'canceling statement due to user request'), ctx).extra.cancelled).toBe(true);
    expect(mapPostgresError(pgError('57014', 'canceling statement due to statement timeout'), ctx).extra.cancelled).toBeUndefined();
  });

  it('marks the form fields to highlight', () => {
    expect(mapPostgresError(pgError('28P01', 'x'), ctx).toEntry().extra).toMatchObject({
      engine_name: 'PostgreSQL',
      invalid: ['username', 'password'],
      issue_codes: [{ code: 1013, message: 'Issue 1013 - The password provided when connecting to a database is not valid.' }],
    });
  });
});
