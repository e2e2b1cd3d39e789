import type { DatabaseCreate, DatabaseParameters, TestConnectionRequest } from '@tessera/core';
import type { ConnectionChoice, ConnectionParameters, DatabaseFormValues } from './databaseFormValues';
import { ENGINE_OPTIONS } from './engines';

const text = (value: string | undefined) => (value ?? '').trim();

function cleanParameters(choice: ConnectionChoice, params: ConnectionParameters = {}): DatabaseParameters {
  const out: DatabaseParameters = {};
  const database = text(params.database);
  if (choice.engine && ENGINE_OPTIONS[choice.engine].fileBased) {
    if (database) out.database = database;
    return out;
  }
  const host = text(params.host);
  const username = text(params.username);
  if (host) out.host = host;
  if (typeof params.port === 'number') out.port = params.port;
  if (database) out.database = database;
  if (username) out.username = username;
  // Passwords are sent untrimmed; a masked one (XXXXXXXXXX) tells the server to keep the stored password.
  if (params.password) out.password = params.password;
  return out;
}

/** Body of `POST /api/v1/database/test_connection/` for the chosen form. */
export function buildTestConnectionPayload(values: DatabaseFormValues, choice: ConnectionChoice): TestConnectionRequest {
  const databaseName = text(values.database_name);
  const base = databaseName ? { database_name: databaseName } : {};
  if (choice.method === 'sqlalchemy_form' || !choice.engine) {
    return { ...base, sqlalchemy_uri: text(values.sqlalchemy_uri), configuration_method: 'sqlalchemy_form' };
  }
  return {
    ...base,
    engine: choice.engine,
    configuration_method: 'dynamic_form',
    parameters: cleanParameters(choice, values.parameters),
  };
}

/** Body of `POST /api/v1/database/` (and `PUT /api/v1/database/{id}`). */
export function buildDatabasePayload(values: DatabaseFormValues, choice: ConnectionChoice): DatabaseCreate {
  const connection = buildTestConnectionPayload(values, choice);
  const payload: DatabaseCreate = {
    database_name: text(values.database_name),
    configuration_method: connection.configuration_method ?? 'sqlalchemy_form',
    expose_in_sqllab: Boolean(values.expose_in_sqllab),
    allow_dml: Boolean(values.allow_dml),
    allow_ctas: Boolean(values.allow_ctas),
    allow_cvas: Boolean(values.allow_cvas),
    allow_run_async: Boolean(values.allow_run_async),
    disable_data_preview: Boolean(values.disable_data_preview),
    cache_timeout: typeof values.cache_timeout === 'number' ? values.cache_timeout : null,
  };
  if (typeof connection.sqlalchemy_uri === 'string') payload.sqlalchemy_uri = connection.sqlalchemy_uri;
  if (connection.engine) payload.engine = connection.engine;
  if (connection.parameters) payload.parameters = connection.parameters;
  return payload;
}
