import {
  UNFINISHED_STATES,
  type Principal,
  type QueryDict,
  type QueryEditorCreate,
  type TableSchemaDict,
  type TabStateDict,
  type TabStateUpdate,
} from '@tessera/core';
import { ApiError, forbidden, notFound } from '../../app/httpErrors.js';
import { nowIso } from '../../metadata-store/createMetadataStore.js';
import type { DatabasesService } from '../databases/databases.service.js';
import { toQueryDict } from '../sqllab/queryDict.js';
import type { QueryWithRefs, TabStateChanges, TabStateRepository, TabStateRow, TableSchemaRow } from './tabState.repository.js';

/** The legacy views answer a bad reference this way (facts §2.1). */
const badReference = () => new ApiError(400, { error: 'Bad request' });

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return {};
  }
};

export const toQuery = (q: QueryWithRefs): QueryDict =>
  toQueryDict(q.row, { database_name: q.database_name }, q.username === null ? null : { username: q.username });

export function toTableSchemaDict(row: TableSchemaRow): TableSchemaDict {
  return {
    id: row.id,
    tab_state_id: row.tab_state_id,
    database_id: row.database_id,
    catalog: row.catalog,
    schema: row.schema,
    table: row.table,
    description: parseJson(row.description),
    expanded: row.expanded === 1,
  };
}

export interface TableSchemaInput {
  queryEditorId: number;
  dbId: number;
  catalog?: string | null;
  schema?: string | null;
  name: string;
  [key: string]: unknown;
}

/**
 * Editor tabs saved per user (SQLLAB_BACKEND_PERSISTENCE). Only the owner may read or change a tab:
 * a missing tab is 404, someone else's is 403, as Superset's TabStateView answers.
 */
export class TabStateService {
  constructor(
    private readonly repo: TabStateRepository,
    private readonly databases: DatabasesService,
  ) {}

  private async ownedTab(principal: Principal, id: number): Promise<TabStateRow> {
    const tab = await this.repo.findTab(id);
    if (!tab) throw notFound();
    if (tab.user_id !== principal.id) throw forbidden();
    return tab;
  }

  /** A database the tab points at must exist and be visible; an unknown one would break the FK. */
  private async checkDatabase(principal: Principal, id: number | null | undefined): Promise<void> {
    if (id === null || id === undefined) return;
    try {
      await this.databases.findVisible(principal, id);
    } catch {
      throw badReference();
    }
  }

  async create(principal: Principal & { id: number }, editor: QueryEditorCreate): Promise<number> {
    await this.checkDatabase(principal, editor.dbId);
    const now = nowIso();
    return this.repo.insertActiveTab({
      user_id: principal.id,
      label: editor.name ?? editor.title ?? 'Untitled Query 1',
      active: 1,
      extra_json: '{}',
      database_id: editor.dbId ?? null,
      catalog: editor.catalog ?? null,
      schema: editor.schema ?? null,
      sql: editor.sql ?? '',
      query_limit: editor.queryLimit ?? null,
      hide_left_bar: editor.hideLeftBar ? 1 : 0,
      autorun: editor.autorun ? 1 : 0,
      template_params: editor.templateParams ?? null,
      saved_query_id: editor.remoteId && (await this.repo.savedQueryExists(editor.remoteId)) ? editor.remoteId : null,
      created_on: now,
      changed_on: now,
    });
  }

  async get(principal: Principal, id: number): Promise<TabStateDict> {
    return this.toDict(await this.ownedTab(principal, id));
  }

  async toDict(tab: TabStateRow): Promise<TabStateDict> {
    const [schemas, latest] = await Promise.all([
      this.repo.tableSchemasOf(tab.id),
      tab.latest_query_id ? this.repo.findQuery(tab.latest_query_id) : Promise.resolve(null),
    ]);
    return {
      id: tab.id,
      user_id: tab.user_id,
      label: tab.label,
      active: tab.active === 1,
      database_id: tab.database_id,
      catalog: tab.catalog,
      schema: tab.schema,
      table_schemas: schemas.map(toTableSchemaDict),
      sql: tab.sql,
      query_limit: tab.query_limit,
      latest_query: latest ? toQuery(latest) : null,
      autorun: tab.autorun === 1,
      template_params: tab.template_params,
      hide_left_bar: tab.hide_left_bar === 1,
      saved_query: tab.saved_query_id === null ? null : { id: tab.saved_query_id },
      extra_json: tab.extra_json,
    };
  }

  /**
   * The autosave target (every 5 s per open editor): one read, one write; references are checked
   * only when they change.
   */
  async update(principal: Principal, id: number, input: TabStateUpdate): Promise<number> {
    const tab = await this.ownedTab(principal, id);
    const changes: TabStateChanges = {};
    const set = <K extends keyof TabStateChanges>(key: K, value: TabStateChanges[K] | undefined) => {
      if (value !== undefined) changes[key] = value;
    };
    if (input.database_id !== undefined && input.database_id !== tab.database_id) {
      await this.checkDatabase(principal, input.database_id);
      set('database_id', input.database_id);
    }
    if (input.latest_query_id !== undefined && input.latest_query_id !== tab.latest_query_id) {
      if (input.latest_query_id !== null && !(await this.repo.queryExists(input.latest_query_id))) throw badReference();
      set('latest_query_id', input.latest_query_id);
    }
    if (input.saved_query_id !== undefined && input.saved_query_id !== tab.saved_query_id) {
      if (input.saved_query_id !== null && !(await this.repo.savedQueryExists(input.saved_query_id))) throw badReference();
      set('saved_query_id', input.saved_query_id);
    }
    set('catalog', input.catalog);
    set('schema', input.schema);
    if (input.sql !== undefined) set('sql', input.sql ?? '');
    if (input.label !== undefined && input.label !== null) set('label', input.label);
    set('query_limit', input.query_limit);
    set('template_params', input.template_params);
    if (input.hide_left_bar !== undefined && input.hide_left_bar !== null) set('hide_left_bar', input.hide_left_bar ? 1 : 0);
    if (input.autorun !== undefined && input.autorun !== null) set('autorun', input.autorun ? 1 : 0);
    if (input.extra_json !== undefined) set('extra_json', input.extra_json ?? '{}');
    if (Object.keys(changes).length > 0) await this.repo.updateTab(id, { ...changes, changed_on: nowIso() });
    return id;
  }

  async delete(principal: Principal, id: number): Promise<void> {
    await this.ownedTab(principal, id);
    await this.repo.deleteTab(id);
  }

  async activate(principal: Principal & { id: number }, id: number): Promise<number> {
    await this.ownedTab(principal, id);
    await this.repo.activate(principal.id, id);
    return id;
  }

  /** A run made before the tab reached the server (local-storage migration) is moved onto the tab. */
  async migrateQuery(principal: Principal, id: number, clientId: string): Promise<number> {
    await this.ownedTab(principal, id);
    const query = await this.repo.findQuery(clientId);
    if (!query) throw notFound();
    if (query.row.user_id !== principal.id) throw forbidden();
    await this.repo.moveQueryToEditor(clientId, String(id));
    return id;
  }

  async deleteQuery(principal: Principal, id: number, clientId: string): Promise<void> {
    const tab = await this.ownedTab(principal, id);
    const query = await this.repo.findQuery(clientId);
    if (query) {
      if (query.row.user_id !== principal.id) throw forbidden();
      await this.repo.deleteQuery(clientId);
    }
    if (tab.latest_query_id === clientId) {
      await this.repo.updateTab(id, { latest_query_id: await this.repo.latestQueryOfEditor(String(id)), changed_on: nowIso() });
    }
  }

  async addTableSchema(principal: Principal, table: TableSchemaInput): Promise<number> {
    await this.ownedTab(principal, table.queryEditorId);
    await this.checkDatabase(principal, table.dbId);
    const now = nowIso();
    return this.repo.insertTableSchema({
      tab_state_id: table.queryEditorId,
      database_id: table.dbId,
      catalog: table.catalog ?? null,
      schema: table.schema ?? null,
      table: table.name,
      // The client keeps the whole table metadata; it gets it back as `description`.
      description: JSON.stringify(table),
      expanded: table.expanded === false ? 0 : 1,
      created_on: now,
      changed_on: now,
    });
  }

  private async ownedTableSchema(principal: Principal, id: number): Promise<TableSchemaRow> {
    const row = await this.repo.findTableSchema(id);
    if (!row) throw notFound();
    await this.ownedTab(principal, row.tab_state_id);
    return row;
  }

  async setExpanded(principal: Principal, id: number, expanded: boolean): Promise<{ id: number; expanded: boolean }> {
    await this.ownedTableSchema(principal, id);
    await this.repo.setTableSchemaExpanded(id, expanded, nowIso());
    return { id, expanded };
  }

  async deleteTableSchema(principal: Principal, id: number): Promise<void> {
    await this.ownedTableSchema(principal, id);
    await this.repo.deleteTableSchema(id);
  }

  /** For the bootstrap: the latest run of every tab plus every unfinished run from the user's tabs. */
  async recentQueries(userId: number, tabs: { id: number; latest_query_id: string | null }[]): Promise<Record<string, QueryDict>> {
    const latestIds = tabs.map((t) => t.latest_query_id).filter((x): x is string => x !== null);
    const [latest, unfinished] = await Promise.all([
      this.repo.findQueries(latestIds),
      this.repo.unfinishedQueries(userId, tabs.map((t) => String(t.id)), UNFINISHED_STATES),
    ]);
    const out: Record<string, QueryDict> = {};
    for (const q of [...latest, ...unfinished]) {
      if (q.row.user_id === userId) out[q.row.client_id] = toQuery(q);
    }
    return out;
  }
}
