import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { specFromParameters, specFromUri, uriFromSpec } from '../../connectors/registry.js';
import { nowIso, type MetadataDb } from '../../metadata-store/createMetadataStore.js';
import type { SecurityService } from '../security/security.service.js';
import { DatabasePermissions } from './databasePermissions.js';
import { DatabasesRepository } from './databases.repository.js';

export const EXAMPLES_DATABASE_NAME = 'examples';

/**
 * Registers DATA_DIR/examples.duckdb as the `examples` database; runs at every start, so it is idempotent.
 * An existing entry is left as the admin set it, except that a path to a file that no longer exists
 * (DATA_DIR moved) is pointed at the current file.
 */
export async function ensureExamplesDatabase(
  db: MetadataDb,
  security: SecurityService,
  file: string,
  log: FastifyBaseLogger,
): Promise<{ id: number; created: boolean }> {
  const repo = new DatabasesRepository(db);
  const permissions = new DatabasePermissions(security);
  const uri = uriFromSpec(specFromParameters('duckdb', { database: file }).spec, 'omit');
  const existing = await repo.findByName(EXAMPLES_DATABASE_NAME);
  if (existing) {
    const current = specFromUri(existing.sqlalchemy_uri);
    if (existing.backend === 'duckdb' && existing.sqlalchemy_uri !== uri && current.filePath && !existsSync(current.filePath)) {
      await repo.update(existing.id, { sqlalchemy_uri: uri, changed_on: nowIso() });
      log.info({ databaseId: existing.id }, 'examples: database now points at the current DATA_DIR');
    }
    await permissions.register(existing);
    return { id: existing.id, created: false };
  }
  const now = nowIso();
  const id = await repo.insert({
    uuid: randomUUID(),
    database_name: EXAMPLES_DATABASE_NAME,
    sqlalchemy_uri: uri,
    password: null,
    encrypted_extra: null,
    backend: 'duckdb',
    configuration_method: 'sqlalchemy_form',
    expose_in_sqllab: 1,
    allow_run_async: 1,
    allow_dml: 0,
    allow_ctas: 0,
    allow_cvas: 0,
    allow_file_upload: 0,
    disable_data_preview: 0,
    cache_timeout: null,
    force_ctas_schema: null,
    impersonate_user: 0,
    extra: '{}',
    server_cert: null,
    is_managed_externally: 0,
    external_url: null,
    created_on: now,
    changed_on: now,
    created_by_fk: null,
    changed_by_fk: null,
  });
  await permissions.register({ id, database_name: EXAMPLES_DATABASE_NAME });
  log.info({ databaseId: id }, 'examples: database registered');
  return { id, created: true };
}
