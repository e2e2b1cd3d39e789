import type {
  AvailableEngine,
  DatabaseConnectionInfo,
  DatabaseListItem,
  DatabaseShow,
  Engine,
  EngineInformation,
} from '@tessera/core';
import { toBool } from '../../metadata-store/createMetadataStore.js';
import { CONNECTORS, connectorForEngine, parametersFromSpec, specFromUri, uriFromSpec } from '../../connectors/registry.js';
import type { Connector } from '../../connectors/types.js';
import type { DatabaseListRow, DatabaseRow } from './databases.repository.js';
import { humanizeDelta } from './humanizeDelta.js';
import { maskJson, parseJsonObject } from './secretJson.js';

function engineInformation(connector: Connector): EngineInformation {
  return {
    supports_file_upload: connector.capabilities.supportsFileUpload,
    // No SSH tunnels: the form hides that section.
    disable_ssh_tunneling: true,
    supports_dynamic_catalog: connector.capabilities.supportsCatalogs,
    supports_oauth2: false,
  };
}

const engineOf = (row: DatabaseRow): Engine => row.backend as Engine;

function settings(row: DatabaseRow) {
  return {
    expose_in_sqllab: toBool(row.expose_in_sqllab),
    allow_run_async: toBool(row.allow_run_async),
    allow_dml: toBool(row.allow_dml),
    allow_ctas: toBool(row.allow_ctas),
    allow_cvas: toBool(row.allow_cvas),
    allow_file_upload: toBool(row.allow_file_upload),
    disable_data_preview: toBool(row.disable_data_preview),
    cache_timeout: row.cache_timeout,
    force_ctas_schema: row.force_ctas_schema,
    impersonate_user: toBool(row.impersonate_user),
    extra: row.extra,
  };
}

/**
 * `GET /api/v1/database/{pk}`. Connection details (masked URI and parameters) only for callers who may
 * edit connections; the password itself never leaves the server.
 */
export function toShow(row: DatabaseRow, decryptedExtra: string | null, withConnection: boolean): DatabaseShow {
  const connector = connectorForEngine(engineOf(row));
  // The stored URI has no password; a placeholder tells parametersFromSpec whether to show the mask.
  const spec = { ...specFromUri(row.sqlalchemy_uri), password: row.password ? 'stored' : null };
  return {
    id: row.id,
    uuid: row.uuid,
    database_name: row.database_name,
    backend: connector.engine,
    driver: spec.driver,
    sqlalchemy_uri: withConnection ? uriFromSpec(spec, 'mask') : null,
    configuration_method: row.configuration_method === 'dynamic_form' ? 'dynamic_form' : 'sqlalchemy_form',
    parameters: withConnection ? parametersFromSpec(spec) : null,
    engine_information: engineInformation(connector),
    is_managed_externally: toBool(row.is_managed_externally),
    external_url: row.external_url,
    masked_encrypted_extra: decryptedExtra === null ? null : JSON.stringify(maskJson(parseJsonObject(decryptedExtra))),
    server_cert: row.server_cert,
    ssh_tunnel: null,
    changed_on: row.changed_on,
    created_on: row.created_on,
    ...settings(row),
  };
}

export function toConnectionInfo(row: DatabaseRow, decryptedExtra: string | null): DatabaseConnectionInfo {
  const show = toShow(row, decryptedExtra, true);
  return {
    ...show,
    sqlalchemy_uri: show.sqlalchemy_uri ?? '',
    parameters: show.parameters ?? {},
    parameters_schema: connectorForEngine(engineOf(row)).parametersSchema,
  };
}

/** A row of `GET /api/v1/database/` (Superset's list columns). */
export function toListItem(row: DatabaseListRow, now: number): DatabaseListItem {
  const connector = connectorForEngine(engineOf(row));
  const extra = parseJsonObject(row.extra);
  return {
    id: row.id,
    uuid: row.uuid,
    database_name: row.database_name,
    backend: connector.engine,
    allows_cost_estimate: connector.capabilities.supportsCostEstimate,
    allows_subquery: connector.capabilities.supportsSubqueries,
    allows_virtual_table_explore: extra.allows_virtual_table_explore !== false,
    allow_multi_catalog: extra.allow_multi_catalog === true && connector.capabilities.supportsCatalogs,
    disable_drill_to_detail: extra.disable_drill_to_detail === true,
    explore_database_id: row.id,
    engine_information: engineInformation(connector),
    changed_on: row.changed_on,
    changed_on_delta_humanized: humanizeDelta(row.changed_on, now),
    changed_by:
      row.changed_by_first_name !== null
        ? { first_name: row.changed_by_first_name, last_name: row.changed_by_last_name ?? '' }
        : null,
    created_by:
      row.created_by_first_name !== null && row.created_by_fk !== null
        ? { first_name: row.created_by_first_name, last_name: row.created_by_last_name ?? '', id: row.created_by_fk }
        : null,
    ...settings(row),
  };
}

/** `GET /api/v1/database/available/` entries, one per connector. */
export function availableEngines(): AvailableEngine[] {
  return CONNECTORS.map((c) => ({
    engine: c.engine,
    name: c.name,
    default_driver: c.defaultDriver,
    available_drivers: [...c.drivers],
    sqlalchemy_uri_placeholder: c.sqlalchemyUriPlaceholder,
    parameters: c.parametersSchema,
    engine_information: engineInformation(c),
    preferred: true,
  }));
}

export const LIST_COLUMNS = [
  'allow_ctas',
  'allow_cvas',
  'allow_dml',
  'allow_file_upload',
  'allow_multi_catalog',
  'allow_run_async',
  'allows_cost_estimate',
  'allows_subquery',
  'allows_virtual_table_explore',
  'backend',
  'changed_by',
  'changed_on',
  'changed_on_delta_humanized',
  'created_by',
  'database_name',
  'disable_data_preview',
  'disable_drill_to_detail',
  'engine_information',
  'explore_database_id',
  'expose_in_sqllab',
  'extra',
  'force_ctas_schema',
  'id',
  'uuid',
];

export const ORDER_COLUMNS = [
  'database_name',
  'changed_on_delta_humanized',
  'changed_on',
  'backend',
  'id',
  'allow_run_async',
  'allow_dml',
] as const;
