import { maskSecretsInText } from './auditDetails.js';

/** The connection fields a database action is recorded with (all optional: a connection test may send few). */
export interface DatabaseAuditSource {
  database_name?: string | null;
  backend?: string | null;
  engine?: string | null;
  sqlalchemy_uri?: string | null;
  parameters?: { host?: unknown; port?: unknown; database?: unknown; username?: unknown } | null;
}

/**
 * What identifies a connection in the audit log: its name, engine, the URI with its password masked, and the
 * host, port, database and user of a form-built connection. Never the password or secret extras.
 */
export function databaseAuditDetails(source: DatabaseAuditSource): Record<string, unknown> {
  const p = source.parameters ?? null;
  const details: Record<string, unknown> = {
    database_name: source.database_name ?? null,
    engine: source.backend ?? source.engine ?? null,
  };
  if (source.sqlalchemy_uri) details.sqlalchemy_uri = maskSecretsInText(source.sqlalchemy_uri);
  if (p) {
    for (const key of ['host', 'port', 'database', 'username'] as const) {
      const value = p[key];
      if (typeof value === 'string' || typeof value === 'number') details[key] = value;
    }
  }
  return details;
}
