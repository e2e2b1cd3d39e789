import { randomUUID } from 'node:crypto';
import {
  DUPLICATE_DATABASE_NAME_MESSAGE,
  PASSWORD_MASK,
  errorEntry,
  hasPermission,
  type ErrorEntry,
  type ValidateParametersRequest,
  type DatabaseConnectionInfo,
  type DatabaseCreate,
  type DatabaseListItem,
  type DatabaseShow,
  type DatabaseUpdate,
  type Engine,
  type ListQuery,
  type Principal,
  type TestConnectionRequest,
} from '@tessera/core';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError, badRequest, errorsResponse, notFound, unprocessable } from '../../app/httpErrors.js';
import type { Secrets } from '../../app/secrets.js';
import { ConnectorError } from '../../connectors/connectorError.js';
import { connectorForEngine, specFromParameters, specFromUri, uriFromSpec } from '../../connectors/registry.js';
import type { ConnectionSpec, ConnectorHandle } from '../../connectors/types.js';
import { nowIso } from '../../metadata-store/createMetadataStore.js';
import type { ConnectionPolicy } from './connectionPolicy.js';
import type { ConnectionPool } from './connectionPool.js';
import { connectorHttpError } from './connectorHttpError.js';
import { hasConnection, specFromInput, type ConnectionInput } from './connectionInput.js';
import { canSeeDatabase, databaseScope } from './databaseAccess.js';
import { decryptedExtra, resolveConnection, rowNeedsWrite, storedSpec, type ConnectionSettings } from './databaseConnection.js';
import { databaseListCriteria } from './databaseListQuery.js';
import type { DatabasePermissions } from './databasePermissions.js';
import type { DatabaseChanges, DatabaseRow, DatabasesRepository } from './databases.repository.js';
import { toConnectionInfo, toListItem, toShow } from './databaseViews.js';
import type { MetadataCache } from './metadataCache.js';
import { hostResolves, portIsOpen } from './networkProbe.js';
import { parseJsonObject, revealJson } from './secretJson.js';

/** Returns a reason to refuse deleting the database (e.g. "datasets use it"), or null. */
export type DeleteGuard = (db: DatabaseRow) => Promise<string | null>;

export interface DatabasesServiceDeps {
  repo: DatabasesRepository;
  permissions: DatabasePermissions;
  secrets: Secrets;
  pool: ConnectionPool;
  cache: MetadataCache;
  dataDir: string;
  policy: ConnectionPolicy;
  log: FastifyBaseLogger;
}

const flag = (value: boolean | undefined, fallback: boolean): number => ((value ?? fallback) ? 1 : 0);

/** Database connections: the rules of Superset's database commands; storage in the repository. */
export class DatabasesService {
  private readonly deleteGuards: DeleteGuard[] = [];

  constructor(private readonly deps: DatabasesServiceDeps) {}

  /** Hook for modules that depend on databases (datasets, saved queries) to refuse a delete. */
  registerDeleteGuard(guard: DeleteGuard): void {
    this.deleteGuards.push(guard);
  }

  async list(principal: Principal, q: ListQuery): Promise<{ rows: DatabaseListItem[]; count: number }> {
    const { rows, count } = await this.deps.repo.list(databaseListCriteria(q, databaseScope(principal)));
    const now = Date.now();
    return { rows: rows.map((r) => toListItem(r, now)), count };
  }

  /** The row, if it exists and the principal may see it; otherwise 404 (existence is not leaked). */
  async findVisible(principal: Principal, id: number): Promise<DatabaseRow> {
    const row = await this.deps.repo.findById(id);
    if (!row || !canSeeDatabase(principal, { id: row.id, database_name: row.database_name })) throw notFound();
    return row;
  }

  /** A pooled, open handle for the database (for SQL execution); connector failures come back as HTTP errors. */
  async handle(row: DatabaseRow): Promise<ConnectorHandle> {
    try {
      return await this.deps.pool.get(row);
    } catch (err) {
      throw connectorHttpError(err);
    }
  }

  async show(principal: Principal, id: number): Promise<DatabaseShow> {
    const row = await this.findVisible(principal, id);
    const editor = hasPermission(principal, 'can_write', 'Database');
    return toShow(row, editor ? decryptedExtra(row, this.deps.secrets) : null, editor);
  }

  async connectionInfo(principal: Principal, id: number): Promise<DatabaseConnectionInfo> {
    const row = await this.findVisible(principal, id);
    return toConnectionInfo(row, decryptedExtra(row, this.deps.secrets));
  }

  async create(principal: Principal, input: DatabaseCreate): Promise<DatabaseShow> {
    const name = input.database_name.trim();
    if (await this.deps.repo.findByName(name)) throw unprocessable({ database_name: [DUPLICATE_DATABASE_NAME_MESSAGE] });
    if (input.uuid && (await this.deps.repo.findByUuid(input.uuid))) {
      throw unprocessable({ uuid: ['A database with the same uuid already exists.'] });
    }
    const spec = specFromInput(input, null);
    const encryptedExtra = input.masked_encrypted_extra ?? null;
    const settings: ConnectionSettings = {
      extra: input.extra?.trim() ? input.extra : '{}',
      encryptedExtra,
      serverCert: input.server_cert ?? null,
      needsWrite: Boolean(input.allow_dml || input.allow_ctas || input.allow_cvas || input.allow_file_upload),
    };
    await this.checkConnection(spec, settings);
    const now = nowIso();
    const id = await this.deps.repo.insert({
      uuid: input.uuid ?? randomUUID(),
      database_name: name,
      ...this.connectionColumns(spec),
      encrypted_extra: encryptedExtra ? this.deps.secrets.encrypt(encryptedExtra) : null,
      configuration_method: input.configuration_method ?? 'sqlalchemy_form',
      expose_in_sqllab: flag(input.expose_in_sqllab, true),
      allow_run_async: flag(input.allow_run_async, false),
      allow_dml: flag(input.allow_dml, false),
      allow_ctas: flag(input.allow_ctas, false),
      allow_cvas: flag(input.allow_cvas, false),
      allow_file_upload: flag(input.allow_file_upload, false),
      disable_data_preview: flag(input.disable_data_preview, false),
      impersonate_user: flag(input.impersonate_user, false),
      cache_timeout: input.cache_timeout ?? null,
      force_ctas_schema: input.force_ctas_schema ?? null,
      extra: settings.extra ?? '{}',
      server_cert: settings.serverCert,
      is_managed_externally: flag(input.is_managed_externally ?? undefined, false),
      external_url: input.external_url ?? null,
      created_on: now,
      changed_on: now,
      created_by_fk: principal.id,
      changed_by_fk: principal.id,
    });
    await this.deps.permissions.register({ id, database_name: name });
    this.deps.log.info({ databaseId: id, backend: spec.engine }, 'database created');
    return this.show(principal, id);
  }

  async update(principal: Principal, id: number, input: DatabaseUpdate): Promise<DatabaseShow> {
    const row = await this.findVisible(principal, id);
    const changes: DatabaseChanges = {};
    const name = input.database_name?.trim();
    if (name !== undefined && name !== row.database_name) {
      const other = await this.deps.repo.findByName(name);
      if (other && other.id !== id) throw unprocessable({ database_name: [DUPLICATE_DATABASE_NAME_MESSAGE] });
      changes.database_name = name;
    }
    let spec = storedSpec(row, this.deps.secrets);
    let encryptedExtra = decryptedExtra(row, this.deps.secrets);
    let connectionChanged = false;
    const connection: ConnectionInput = { ...input, engine: input.engine ?? (row.backend as Engine) };
    if (hasConnection(connection)) {
      spec = specFromInput(connection, spec);
      Object.assign(changes, this.connectionColumns(spec));
      connectionChanged = true;
    }
    if (input.masked_encrypted_extra !== undefined) {
      encryptedExtra =
        input.masked_encrypted_extra === null
          ? null
          : JSON.stringify(revealJson(parseJsonObject(input.masked_encrypted_extra), parseJsonObject(encryptedExtra)));
      changes.encrypted_extra = encryptedExtra ? this.deps.secrets.encrypt(encryptedExtra) : null;
      connectionChanged = true;
    }
    if (input.extra !== undefined && input.extra !== row.extra) connectionChanged = true;
    if (input.server_cert !== undefined && input.server_cert !== row.server_cert) connectionChanged = true;
    Object.assign(changes, this.settingChanges(input));
    if (connectionChanged) {
      await this.checkConnection(spec, {
        extra: input.extra ?? row.extra,
        encryptedExtra,
        serverCert: input.server_cert !== undefined ? input.server_cert : row.server_cert,
        needsWrite: rowNeedsWrite({ ...row, ...changes }),
      });
    }
    await this.deps.repo.update(id, { ...changes, changed_on: nowIso(), changed_by_fk: principal.id });
    if (changes.database_name) await this.deps.permissions.rename(id, row.database_name, changes.database_name);
    await this.forget(id);
    return this.show(principal, id);
  }

  async delete(principal: Principal, id: number): Promise<void> {
    const row = await this.findVisible(principal, id);
    for (const guard of this.deleteGuards) {
      const reason = await guard(row);
      if (reason) throw unprocessable(reason);
    }
    await this.deps.repo.delete(id);
    await this.deps.permissions.remove({ id, database_name: row.database_name });
    await this.forget(id);
    this.deps.log.info({ databaseId: id }, 'database deleted');
  }

  /**
   * `test_connection`: when the request names an existing database and sends the masked password (or
   * masked encrypted extra), the stored secrets are used, as Superset does for its edit form.
   */
  async testConnection(input: TestConnectionRequest): Promise<void> {
    const existing = input.database_name ? await this.deps.repo.findByName(input.database_name.trim()) : null;
    const stored = existing ? storedSpec(existing, this.deps.secrets) : null;
    const connection: ConnectionInput = {
      ...input,
      engine: input.engine ?? (existing?.backend as Engine | undefined) ?? null,
    };
    const spec = specFromInput(connection, stored);
    const storedExtra = existing ? decryptedExtra(existing, this.deps.secrets) : null;
    const encryptedExtra =
      input.masked_encrypted_extra === undefined
        ? storedExtra
        : input.masked_encrypted_extra === null
          ? null
          : JSON.stringify(revealJson(parseJsonObject(input.masked_encrypted_extra), parseJsonObject(storedExtra)));
    await this.checkConnection(spec, {
      extra: input.extra ?? existing?.extra ?? null,
      encryptedExtra,
      serverCert: input.server_cert ?? existing?.server_cert ?? null,
      needsWrite: false,
    });
  }

  /**
   * `validate_parameters` (the dynamic form, field by field): missing fields, a host that does not resolve,
   * a bad or closed port are all reported at once with `extra.missing`/`extra.invalid`; when the form is
   * complete the connection itself is tested.
   */
  async validateParameters(input: ValidateParametersRequest): Promise<void> {
    const connector = connectorForEngine(input.engine);
    const { spec, missing, invalidPort } = specFromParameters(input.engine, input.parameters ?? {});
    const errors: ErrorEntry[] = [];
    const extra = { engine_name: connector.name };
    if (missing.length > 0) {
      errors.push(errorEntry('CONNECTION_MISSING_PARAMETERS_ERROR', `One or more parameters are missing: ${missing.join(', ')}`, { ...extra, missing }));
    }
    if (connector.kind === 'network' && spec.host && (await this.deps.policy.hosts.blocked(spec.host))) {
      // Refused before the probes below, which would otherwise open a socket to it.
      errors.push(
        errorEntry('DATABASE_SECURITY_ACCESS_ERROR', `The host "${spec.host}" cannot be used as a data source for security reasons.`, {
          ...extra,
          invalid: ['host'],
        }),
      );
    } else if (connector.kind === 'network') {
      const resolves = spec.host ? await hostResolves(spec.host) : false;
      if (spec.host && !resolves) {
        errors.push(errorEntry('CONNECTION_INVALID_HOSTNAME_ERROR', "The hostname provided can't be resolved.", { ...extra, invalid: ['host'] }));
      }
      if (invalidPort) {
        errors.push(errorEntry('CONNECTION_INVALID_PORT_ERROR', 'The port must be an integer between 0 and 65535 (inclusive).', { ...extra, invalid: ['port'] }));
      } else if (resolves && spec.port !== null && !(await portIsOpen(spec.host!, spec.port))) {
        errors.push(errorEntry('CONNECTION_PORT_CLOSED_ERROR', 'The port is closed.', { ...extra, invalid: ['port'] }));
      }
    }
    if (errors.length > 0) throw errorsResponse(422, errors);
    const existing =
      input.id != null ? await this.deps.repo.findById(input.id) : input.database_name ? await this.deps.repo.findByName(input.database_name.trim()) : null;
    const stored = existing ? storedSpec(existing, this.deps.secrets) : null;
    const ready = spec.password === PASSWORD_MASK && stored ? { ...spec, password: stored.password } : spec;
    await this.checkConnection(ready, {
      extra: input.extra ?? existing?.extra ?? null,
      encryptedExtra: existing ? decryptedExtra(existing, this.deps.secrets) : null,
      serverCert: input.server_cert ?? existing?.server_cert ?? null,
      needsWrite: false,
    });
  }

  /** The URI as an export writes it: Superset's mask stands for the password, which never leaves the server. */
  exportUri(row: DatabaseRow): string {
    return uriFromSpec({ ...specFromUri(row.sqlalchemy_uri), password: row.password ? PASSWORD_MASK : null }, 'mask');
  }

  /**
   * The stored connection columns of a database an import brings (nothing is connected to: Superset does not
   * test imported connections). The URI is checked as a create's is; a masked password means the one stored
   * for `existingId`, and `password` (from the import form) wins over both.
   */
  async importedConnection(uri: string, password: string | null, existingId: number | null) {
    const stored = existingId === null ? null : await this.deps.repo.findById(existingId);
    const spec = specFromInput({ sqlalchemy_uri: uri }, stored ? storedSpec(stored, this.deps.secrets) : null);
    await this.asUriError(() => this.deps.policy.check(connectorForEngine(spec.engine), spec));
    return this.connectionColumns(password !== null ? { ...spec, password } : spec);
  }

  /** A connection the policy refuses, answered as Superset's URI validator does: 400 `{message: {sqlalchemy_uri: [...]}}`. */
  private async asUriError<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof ConnectorError && err.errorType === 'DATABASE_SECURITY_ACCESS_ERROR') throw badRequest({ sqlalchemy_uri: [err.message] });
      throw err;
    }
  }

  /** After an import wrote databases: access permissions follow new names, and replaced connections are reopened. */
  async imported(changes: readonly { id: number; database_name: string; previousName: string | null }[]): Promise<void> {
    for (const change of changes) {
      if (change.previousName === null) await this.deps.permissions.register(change);
      else await this.deps.permissions.rename(change.id, change.previousName, change.database_name);
      await this.forget(change.id);
    }
  }

  /**
   * Checks the connection against the policy (a refused one is a 400 on `sqlalchemy_uri`), then opens it
   * read-only, runs the engine's ping, closes; any failure is a 422 with catalogue errors.
   */
  async checkConnection(spec: ConnectionSpec, settings: ConnectionSettings): Promise<void> {
    const admitted = await this.asUriError(() => this.deps.policy.admit(resolveConnection(spec, { ...settings, needsWrite: false }, this.deps.dataDir)));
    const { connector, spec: resolved, options } = admitted;
    let handle: Awaited<ReturnType<typeof connector.open>> | null = null;
    try {
      handle = await connector.open(resolved, options);
      await handle.testConnection();
    } catch (err) {
      const mapped = connectorHttpError(err);
      throw mapped instanceof ApiError && mapped.statusCode < 500 ? new ApiError(422, mapped.body) : mapped;
    } finally {
      await handle?.close().catch(() => undefined);
    }
  }

  /** The stored URI never holds the password; it is kept encrypted in its own column. */
  private connectionColumns(spec: ConnectionSpec) {
    return {
      sqlalchemy_uri: uriFromSpec(spec, 'omit'),
      password: spec.password !== null ? this.deps.secrets.encrypt(spec.password) : null,
      backend: spec.engine,
    };
  }

  private settingChanges(input: DatabaseUpdate): DatabaseChanges {
    const changes: DatabaseChanges = {};
    const flags = [
      'expose_in_sqllab',
      'allow_run_async',
      'allow_dml',
      'allow_ctas',
      'allow_cvas',
      'allow_file_upload',
      'disable_data_preview',
      'impersonate_user',
    ] as const;
    for (const key of flags) if (input[key] !== undefined) changes[key] = input[key] ? 1 : 0;
    if (input.is_managed_externally !== undefined) changes.is_managed_externally = input.is_managed_externally ? 1 : 0;
    if (input.configuration_method !== undefined) changes.configuration_method = input.configuration_method;
    if (input.cache_timeout !== undefined) changes.cache_timeout = input.cache_timeout;
    if (input.force_ctas_schema !== undefined) changes.force_ctas_schema = input.force_ctas_schema;
    if (input.extra !== undefined) changes.extra = input.extra.trim() === '' ? '{}' : input.extra;
    if (input.server_cert !== undefined) changes.server_cert = input.server_cert;
    if (input.external_url !== undefined) changes.external_url = input.external_url;
    if (input.uuid !== undefined) changes.uuid = input.uuid;
    return changes;
  }

  /** Open handles and cached metadata describe the old settings. */
  private async forget(id: number): Promise<void> {
    this.deps.cache.clear(id);
    await this.deps.pool.evict(id);
  }
}
