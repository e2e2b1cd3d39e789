import type { Principal, SqlLabBootstrap, SqlLabDatabaseInfo } from '@tessera/core';
import type { AppConfig } from '../../app/config.js';
import type { DatabasesService } from '../databases/databases.service.js';
import type { TabStateRepository } from './tabState.repository.js';
import type { TabStateService } from './tabState.service.js';

/** `GET /api/v1/sqllab/`: everything the SQL Lab page needs to render at once (Superset 4.1+). */
export async function sqllabBootstrap(
  principal: Principal,
  deps: { config: AppConfig; databases: DatabasesService; repo: TabStateRepository; tabs: TabStateService },
): Promise<SqlLabBootstrap> {
  const { rows } = await deps.databases.list(principal, {
    filters: [{ col: 'expose_in_sqllab', opr: 'eq', value: true }],
    order_column: 'id',
    order_direction: 'asc',
    page: 0,
    page_size: -1,
  });
  const databases: Record<string, SqlLabDatabaseInfo> = {};
  for (const d of rows) {
    databases[String(d.id)] = {
      id: d.id,
      database_name: d.database_name,
      backend: d.backend,
      allow_run_async: d.allow_run_async,
      allow_ctas: d.allow_ctas,
      allow_cvas: d.allow_cvas,
      allow_dml: d.allow_dml,
      allow_file_upload: d.allow_file_upload,
      allows_subquery: d.allows_subquery,
      expose_in_sqllab: d.expose_in_sqllab,
      force_ctas_schema: d.force_ctas_schema,
      disable_data_preview: d.disable_data_preview,
      disable_drill_to_detail: d.disable_drill_to_detail,
      allow_multi_catalog: d.allow_multi_catalog,
    };
  }
  const userId = principal.id;
  const tabs = userId === null ? [] : await deps.repo.tabsOf(userId);
  const active = userId === null ? null : await deps.repo.findActiveTab(userId);
  const sqllab = deps.config.sqllab;
  return {
    active_tab: active ? await deps.tabs.toDict(active) : null,
    databases,
    tab_state_ids: tabs.map((t) => [t.id, t.label]),
    queries: userId === null ? {} : await deps.tabs.recentQueries(userId, tabs),
    common: {
      conf: {
        DEFAULT_SQLLAB_LIMIT: sqllab.defaultLimit,
        SQL_MAX_ROW: sqllab.maxRow,
        DISPLAY_MAX_ROW: sqllab.displayMaxRow,
        // Spec §9: the configured default, else the database with the lowest id.
        SQLLAB_DEFAULT_DBID: sqllab.defaultDbId ?? rows[0]?.id ?? null,
        SQLLAB_BACKEND_PERSISTENCE: sqllab.backendPersistence,
        SQLLAB_TIMEOUT: sqllab.timeoutS,
      },
    },
  };
}
