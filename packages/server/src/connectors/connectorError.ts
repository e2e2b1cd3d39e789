import { errorEntry, type ErrorEntry, type ErrorType } from '@tessera/core';
import type { ErrorContext } from './types.js';

/**
 * A driver failure translated to the error catalogue. Connectors throw only these, so services never
 * look at driver error codes. `extra.invalid` names the form fields to highlight (Superset does the same).
 */
export class ConnectorError extends Error {
  override name = 'ConnectorError';

  constructor(
    readonly errorType: ErrorType,
    message: string,
    readonly extra: Record<string, unknown> = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  toEntry(): ErrorEntry {
    return errorEntry(this.errorType, this.message, this.extra);
  }
}

/** The statement was stopped on request (cancel() or an aborted signal). */
export class QueryCancelledError extends ConnectorError {
  override name = 'QueryCancelledError';

  constructor(engineName: string, options?: { cause?: unknown }) {
    super('GENERIC_DB_ENGINE_ERROR', 'The query was stopped.', { engine_name: engineName, cancelled: true }, options);
  }
}

/** Connection failures, as opposed to query failures: services answer these with 422. */
export const CONNECTION_ERROR_TYPES: ReadonlySet<ErrorType> = new Set<ErrorType>([
  'CONNECTION_INVALID_USERNAME_ERROR',
  'CONNECTION_INVALID_PASSWORD_ERROR',
  'CONNECTION_INVALID_HOSTNAME_ERROR',
  'CONNECTION_PORT_CLOSED_ERROR',
  'CONNECTION_INVALID_PORT_ERROR',
  'CONNECTION_HOST_DOWN_ERROR',
  'CONNECTION_ACCESS_DENIED_ERROR',
  'CONNECTION_UNKNOWN_DATABASE_ERROR',
  'CONNECTION_DATABASE_PERMISSIONS_ERROR',
  'CONNECTION_MISSING_PARAMETERS_ERROR',
  'CONNECTION_DATABASE_TIMEOUT',
]);

const fail = (type: ErrorType, message: string, ctx: ErrorContext, invalid: string[], cause: unknown) =>
  new ConnectorError(type, message, { engine_name: ctx.engineName, invalid }, { cause });

/** Messages follow Superset's wording so users (and their search engines) recognise them. */
export const connectionErrors = {
  invalidHostname: (ctx: ErrorContext, cause?: unknown) =>
    fail('CONNECTION_INVALID_HOSTNAME_ERROR', `The hostname "${ctx.host ?? ''}" cannot be resolved.`, ctx, ['host'], cause),
  portClosed: (ctx: ErrorContext, cause?: unknown) =>
    fail(
      'CONNECTION_PORT_CLOSED_ERROR',
      `Port ${ctx.port ?? ''} on hostname "${ctx.host ?? ''}" refused the connection.`,
      ctx,
      ['host', 'port'],
      cause,
    ),
  hostDown: (ctx: ErrorContext, cause?: unknown) =>
    fail(
      'CONNECTION_HOST_DOWN_ERROR',
      `The host "${ctx.host ?? ''}" might be down, and can't be reached on port ${ctx.port ?? ''}.`,
      ctx,
      ['host', 'port'],
      cause,
    ),
  invalidPort: (ctx: ErrorContext, cause?: unknown) =>
    fail('CONNECTION_INVALID_PORT_ERROR', 'The port must be an integer between 0 and 65535 (inclusive).', ctx, ['port'], cause),
  invalidUsername: (ctx: ErrorContext, cause?: unknown) =>
    fail('CONNECTION_INVALID_USERNAME_ERROR', `The username "${ctx.username ?? ''}" does not exist.`, ctx, ['username'], cause),
  invalidPassword: (ctx: ErrorContext, cause?: unknown) =>
    fail(
      'CONNECTION_INVALID_PASSWORD_ERROR',
      `The password provided for username "${ctx.username ?? ''}" is incorrect.`,
      ctx,
      ['username', 'password'],
      cause,
    ),
  accessDenied: (ctx: ErrorContext, cause?: unknown) =>
    fail(
      'CONNECTION_ACCESS_DENIED_ERROR',
      `Either the username "${ctx.username ?? ''}" or the password is incorrect.`,
      ctx,
      ['username', 'password'],
      cause,
    ),
  unknownDatabase: (ctx: ErrorContext, cause?: unknown) =>
    fail('CONNECTION_UNKNOWN_DATABASE_ERROR', `Unable to connect to database "${ctx.database ?? ''}".`, ctx, ['database'], cause),
  databasePermissions: (ctx: ErrorContext, cause?: unknown) =>
    fail(
      'CONNECTION_DATABASE_PERMISSIONS_ERROR',
      `The user "${ctx.username ?? ''}" does not have permission to access the database "${ctx.database ?? ''}".`,
      ctx,
      ['username', 'database'],
      cause,
    ),
  missingParameters: (ctx: ErrorContext, missing: string[]) =>
    new ConnectorError('CONNECTION_MISSING_PARAMETERS_ERROR', `One or more parameters are missing: ${missing.join(', ')}`, {
      engine_name: ctx.engineName,
      missing,
    }),
  timeout: (ctx: ErrorContext, cause?: unknown) =>
    fail('CONNECTION_DATABASE_TIMEOUT', 'The connection to the database timed out.', ctx, [], cause),
};

export const queryErrors = {
  syntax: (ctx: ErrorContext, near: string | null, message: string, cause?: unknown) =>
    new ConnectorError(
      'SYNTAX_ERROR',
      near
        ? `Please check your query for syntax errors near "${near}". Then, try running your query again.`
        : `Please check your query for syntax errors. Then, try running your query again. (${message})`,
      { engine_name: ctx.engineName, engine_message: message },
      { cause },
    ),
  tableMissing: (ctx: ErrorContext, table: string, cause?: unknown) =>
    new ConnectorError(
      'TABLE_DOES_NOT_EXIST_ERROR',
      `The table "${table}" does not exist. A valid table must be used to run this query.`,
      { engine_name: ctx.engineName, table_name: table },
      { cause },
    ),
  columnMissing: (ctx: ErrorContext, column: string, cause?: unknown) =>
    new ConnectorError(
      'COLUMN_DOES_NOT_EXIST_ERROR',
      `We can't seem to resolve the column "${column}".`,
      { engine_name: ctx.engineName, column_name: column },
      { cause },
    ),
  schemaMissing: (ctx: ErrorContext, schema: string, cause?: unknown) =>
    new ConnectorError(
      'SCHEMA_DOES_NOT_EXIST_ERROR',
      `The schema "${schema}" does not exist. A valid schema must be used to run this query.`,
      { engine_name: ctx.engineName, schema_name: schema },
      { cause },
    ),
  generic: (ctx: ErrorContext, message: string, cause?: unknown) =>
    new ConnectorError('GENERIC_DB_ENGINE_ERROR', `${ctx.engineName} error: ${message}`, { engine_name: ctx.engineName }, { cause }),
};

/** Socket-level codes every network driver surfaces the same way (Node's net/dns errors). */
export function mapNetworkError(error: unknown, ctx: ErrorContext): ConnectorError | null {
  const code = errorCode(error);
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
    case 'EAI_NODATA':
      return connectionErrors.invalidHostname(ctx, error);
    case 'ECONNREFUSED':
      return connectionErrors.portClosed(ctx, error);
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'EHOSTDOWN':
    case 'CONNECT_TIMEOUT':
      return connectionErrors.hostDown(ctx, error);
    case 'ERR_SOCKET_BAD_PORT':
      return connectionErrors.invalidPort(ctx, error);
    default:
      return null;
  }
}

/** `code` of an error, looking inside AggregateError (Node reports happy-eyeballs failures that way). */
export function errorCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code) return code;
  if (typeof code === 'number') return String(code);
  const inner = (error as { errors?: unknown }).errors;
  if (Array.isArray(inner)) {
    for (const e of inner) {
      const c = errorCode(e);
      if (c) return c;
    }
  }
  return null;
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
