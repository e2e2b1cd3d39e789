import type { DatabaseShow, Engine } from '@tessera/core';

export type ConfigurationMethod = 'sqlalchemy_form' | 'dynamic_form';

export interface ConnectionParameters {
  host?: string;
  port?: number | null;
  database?: string;
  username?: string;
  password?: string;
}

/** SQL Lab and performance settings edited in the Advanced section. */
export interface DatabaseSettingsValues {
  expose_in_sqllab: boolean;
  allow_dml: boolean;
  allow_ctas: boolean;
  allow_cvas: boolean;
  allow_run_async: boolean;
  disable_data_preview: boolean;
  cache_timeout: number | null;
}

export interface DatabaseFormValues extends DatabaseSettingsValues {
  database_name: string;
  sqlalchemy_uri?: string;
  parameters?: ConnectionParameters;
}

export const DEFAULT_SETTINGS: DatabaseSettingsValues = {
  expose_in_sqllab: true,
  allow_dml: false,
  allow_ctas: false,
  allow_cvas: false,
  allow_run_async: false,
  disable_data_preview: false,
  cache_timeout: null,
};

export function newDatabaseValues(): DatabaseFormValues {
  return { database_name: '', sqlalchemy_uri: '', parameters: {}, ...DEFAULT_SETTINGS };
}

/** Form values of an existing database (`GET /api/v1/database/{id}`); masked passwords are kept as they are. */
export function formValuesFromDatabase(db: DatabaseShow): DatabaseFormValues {
  const params = db.parameters ?? {};
  return {
    database_name: db.database_name,
    sqlalchemy_uri: db.sqlalchemy_uri ?? '',
    parameters: {
      ...(params.host !== undefined ? { host: params.host } : {}),
      ...(params.port !== undefined ? { port: params.port } : {}),
      ...(params.database !== undefined ? { database: params.database } : {}),
      ...(params.username !== undefined ? { username: params.username } : {}),
      ...(params.password !== undefined ? { password: params.password } : {}),
    },
    expose_in_sqllab: db.expose_in_sqllab ?? true,
    allow_dml: db.allow_dml ?? false,
    allow_ctas: db.allow_ctas ?? false,
    allow_cvas: db.allow_cvas ?? false,
    allow_run_async: db.allow_run_async ?? false,
    disable_data_preview: db.disable_data_preview ?? false,
    cache_timeout: db.cache_timeout ?? null,
  };
}

export interface ConnectionChoice {
  engine: Engine | undefined;
  method: ConfigurationMethod;
}
