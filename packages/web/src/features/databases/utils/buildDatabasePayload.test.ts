import { describe, expect, it } from 'vitest';
import { buildDatabasePayload, buildTestConnectionPayload } from './buildDatabasePayload';
import { newDatabaseValues } from './databaseFormValues';

describe('database payloads', () => {
  it('builds a URI payload without engine or parameters', () => {
    const values = { ...newDatabaseValues(), database_name: ' warehouse ', sqlalchemy_uri: ' postgresql://u:p@h:5432/db ' };
    expect(buildTestConnectionPayload(values, { engine: 'postgresql', method: 'sqlalchemy_form' })).toEqual({
      database_name: 'warehouse',
      sqlalchemy_uri: 'postgresql://u:p@h:5432/db',
      configuration_method: 'sqlalchemy_form',
    });
  });

  it('builds a dynamic-form payload with settings', () => {
    const values = {
      ...newDatabaseValues(),
      database_name: 'pg',
      parameters: { host: 'db.local', port: 5432, database: 'analytics', username: 'bi', password: '' },
      allow_dml: true,
      cache_timeout: 600,
    };
    expect(buildDatabasePayload(values, { engine: 'postgresql', method: 'dynamic_form' })).toEqual({
      database_name: 'pg',
      engine: 'postgresql',
      configuration_method: 'dynamic_form',
      parameters: { host: 'db.local', port: 5432, database: 'analytics', username: 'bi' },
      expose_in_sqllab: true,
      allow_dml: true,
      allow_ctas: false,
      allow_cvas: false,
      allow_run_async: false,
      disable_data_preview: false,
      cache_timeout: 600,
    });
  });

  it('sends only the file path for file-based engines', () => {
    const values = { ...newDatabaseValues(), database_name: 'local', parameters: { host: 'ignored', database: '/data/x.duckdb' } };
    expect(buildTestConnectionPayload(values, { engine: 'duckdb', method: 'dynamic_form' })).toEqual({
      database_name: 'local',
      engine: 'duckdb',
      configuration_method: 'dynamic_form',
      parameters: { database: '/data/x.duckdb' },
    });
  });
});
