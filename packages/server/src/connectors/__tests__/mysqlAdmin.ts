import mysql from 'mysql2/promise';
import { specFromUri } from '../registry.js';

/** A root connection to the test MySQL/MariaDB server of `url`, for suites that create and drop their own databases. */
export function mysqlAdmin(url: string, options: { dateStrings?: boolean } = {}): Promise<mysql.Connection> {
  const server = specFromUri(url);
  return mysql.createConnection({
    host: server.host ?? undefined,
    port: server.port ?? 3306,
    user: server.username ?? undefined,
    password: server.password ?? undefined,
    multipleStatements: true,
    ...options,
  });
}
