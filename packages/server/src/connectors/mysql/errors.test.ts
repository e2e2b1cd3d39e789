import { describe, expect, it } from 'vitest';
import { mapMysqlError } from './errors.js';

const ctx = { engineName: 'MySQL', host: 'db', port: 3306, username: 'root', database: 'shop' };
const myError = (errno: number, sqlMessage: string) => Object.assign(new Error(sqlMessage), { errno, sqlMessage });

describe('MySQL error mapping', () => {
  it.each([
    [Object.assign(new Error('getaddrinfo ENOTFOUND db'), { code: 'ENOTFOUND' }), 'CONNECTION_INVALID_HOSTNAME_ERROR'],
    [Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), 'CONNECTION_PORT_CLOSED_ERROR'],
    [Object.assign(new Error('connect ETIMEDOUT'), { code: 'ETIMEDOUT' }), 'CONNECTION_HOST_DOWN_ERROR'],
    [myError(1045, "Access denied for user 'root'@'h' (using password: YES)"), 'CONNECTION_ACCESS_DENIED_ERROR'],
    [myError(1698, "Access denied for user 'x'@'h'"), 'CONNECTION_ACCESS_DENIED_ERROR'],
    [myError(1044, "Access denied for user 'x'@'h' to database 'shop'"), 'CONNECTION_DATABASE_PERMISSIONS_ERROR'],
    [myError(1049, "Unknown database 'shop'"), 'CONNECTION_UNKNOWN_DATABASE_ERROR'],
    [myError(1064, "You have an error in your SQL syntax; ... near 'FORM t' at line 1"), 'SYNTAX_ERROR'],
    [myError(1146, "Table 'shop.orders' doesn't exist"), 'TABLE_DOES_NOT_EXIST_ERROR'],
    [myError(1054, "Unknown column 'nme' in 'field list'"), 'COLUMN_DOES_NOT_EXIST_ERROR'],
    [myError(1317, 'Query execution was interrupted'), 'GENERIC_DB_ENGINE_ERROR'],
    [myError(1365, 'Division by 0'), 'GENERIC_DB_ENGINE_ERROR'],
  ])('%s → %s', (error, type) => {
    expect(mapMysqlError(error, ctx).errorType).toBe(type);
  });

  it('puts the names in the messages', () => {
    expect(mapMysqlError(myError(1146, "Table 'shop.orders' doesn't exist"), ctx).message).toContain('"shop.orders"');
    expect(mapMysqlError(myError(1064, "near 'FORM t' at line 1"), ctx).message).toContain('near "FORM t"');
    expect(mapMysqlError(myError(1045, 'x'), ctx).message).toBe('Either the username "root" or the password is incorrect.');
    expect(mapMysqlError(myError(1317, 'interrupted'), ctx).extra.cancelled).toBe(true);
  });
});
