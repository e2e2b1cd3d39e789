import { randomBytes } from 'node:crypto';
import {
  applyLimit,
  isReadOnlyStatement,
  isSelectStatement,
  planLimit,
  splitStatements,
  type ExecuteRequest,
  type LimitingFactor,
} from '@tessera/core';
import { ApiError, catalogueError } from '../../app/httpErrors.js';
import type { AppConfig } from '../../app/config.js';
import type { ConnectorHandle } from '../../connectors/types.js';
import { sqllabJobId, type JobQueue, type SqllabJob } from '../../jobs/jobQueue.js';
import { parseTemplateParams, renderTemplate, TemplateRenderError } from '../../query-engine/renderTemplate.js';
import { templateContext, templateUser } from '../../query-engine/template/templateContext.js';
import { resultPayloadJson } from '../../query-engine/resultPayload.js';
import { jsonText } from '../../query-engine/jsonText.js';
import type { RequestPrincipal } from '../security/security.service.js';
import type { DatabasesService } from '../databases/databases.service.js';
import type { DatabaseRow } from '../databases/databases.repository.js';
import type { RowLevelSecurityForData } from '../rowLevelSecurity/index.js';
import type { SqlGuard } from '../security/sqlGuard.js';
import type { QueryRepository } from './query.repository.js';
import type { QueryDictService } from './queryDict.service.js';
import type { QueryRunner } from './queryRunner.js';

/** A JSON text answer: bodies are serialised here so bigints stay exact. */
export interface JsonAnswer {
  status: number;
  json: string;
}

/** Superset's client ids are nanoid(11). */
export const newClientId = (): string => randomBytes(9).toString('base64url').slice(0, 11);

export interface ExecuteSqlDeps {
  config: AppConfig['sqllab'];
  databases: DatabasesService;
  repo: QueryRepository;
  runner: QueryRunner;
  dicts: QueryDictService;
  queue: JobQueue<SqllabJob>;
  /** SQL Lab's row level security rule: a restricted table is refused to users without whole-database access. */
  rowLevelSecurity: RowLevelSecurityForData;
  /** The SQL safety layer: table access from a per-engine parse, disallowed functions. */
  guard: SqlGuard;
}

interface Prepared {
  statements: string[];
  limit: number | null;
  limitingFactor: LimitingFactor;
  ctas: { table: string; schema: string | null } | null;
}

/** Superset's ExecuteSqlCommand: validate, render, guard, limit, persist, then run now or enqueue. */
export class ExecuteSqlService {
  constructor(private readonly deps: ExecuteSqlDeps) {}

  async execute(principal: RequestPrincipal, input: ExecuteRequest): Promise<JsonAnswer> {
    const db = await this.database(principal, input.database_id);
    const handle = await this.deps.databases.handle(db);
    const rendered = this.render(principal, handle, input);
    const defaultSchema = input.schema ?? handle.connector.capabilities.defaultSchema;
    await this.deps.guard.assertCanRun(principal, db, defaultSchema, rendered);
    await this.deps.rowLevelSecurity.assertSqlLabAllowed(principal, db, defaultSchema, rendered);
    const clientId = input.client_id ?? newClientId();
    const prepared = this.prepare(db, handle, input, rendered, clientId);
    const runAsync = input.runAsync && db.allow_run_async === 1;

    const existing = await this.deps.repo.findByClientId(clientId);
    if (existing) {
      // A client id names one run; re-running it (Superset re-uses the row) starts it afresh.
      if (existing.user_id !== principal.id) throw catalogueError(400, 'INVALID_PAYLOAD_SCHEMA_ERROR', 'client_id is already in use');
      await this.deps.repo.db.deleteFrom('query').where('id', '=', existing.id).execute();
    }
    const now = Date.now();
    await this.deps.repo.insert({
      client_id: clientId,
      database_id: db.id,
      user_id: principal.id,
      sql_editor_id: input.sql_editor_id ?? null,
      tab_name: input.tab ?? null,
      status: runAsync ? 'pending' : 'running',
      catalog: input.catalog ?? null,
      schema: input.schema ?? null,
      sql: input.sql,
      select_sql: prepared.ctas ? `SELECT * FROM ${this.qualified(handle, prepared.ctas)}` : null,
      executed_sql: prepared.statements.join(';\n'),
      template_params: typeof input.templateParams === 'string' ? input.templateParams : input.templateParams ? JSON.stringify(input.templateParams) : null,
      limit: prepared.limit,
      limiting_factor: prepared.limitingFactor,
      select_as_cta: input.select_as_cta ? 1 : 0,
      select_as_cta_used: prepared.ctas ? 1 : 0,
      ctas_method: input.ctas_method,
      tmp_schema_name: prepared.ctas?.schema ?? null,
      tmp_table_name: prepared.ctas?.table ?? null,
      run_async: runAsync ? 1 : 0,
      progress: 0,
      start_time: now,
      start_running_time: runAsync ? null : now,
      extra_json: JSON.stringify({ result_format: input.result_format }),
    });

    if (runAsync) return this.enqueue(clientId);
    const outcome = await this.deps.runner.run(clientId, this.deps.config.timeoutS * 1000);
    const dict = await this.deps.dicts.forRow(outcome.row);
    if (outcome.result) {
      const includeData = input.result_format !== 'arrow';
      return { status: 200, json: resultPayloadJson(outcome.result, dict, this.deps.config.displayMaxRow, includeData) };
    }
    const status = outcome.row.status === 'timed_out' ? 408 : (outcome.errorStatus ?? 400);
    return { status, json: jsonText({ status: outcome.row.status, errors: outcome.error ? [outcome.error] : [], query: dict }) };
  }

  private async enqueue(clientId: string): Promise<JsonAnswer> {
    // The answer describes the run as queued (spec: an async run starts 'pending'); read it before a fast
    // worker can move it on, or the client would see a state it never asked for.
    const queued = await this.deps.repo.findByClientId(clientId);
    const query = await this.deps.dicts.forRow(queued!);
    try {
      // Grouped by user: one user's pile of async runs does not hold back another user's.
      await this.deps.queue.enqueue({ clientId }, { id: sqllabJobId(queued!), group: queued!.user_id });
    } catch (err) {
      const message = 'Failed to start remote query on a worker.';
      await this.deps.repo.update(clientId, { status: 'failed', error_message: message, end_time: Date.now() });
      throw catalogueError(500, 'ASYNC_WORKERS_ERROR', message, { reason: err instanceof Error ? err.message : String(err) });
    }
    return { status: 202, json: jsonText({ query }) };
  }

  /** Unknown and forbidden databases look the same: DATABASE_NOT_FOUND_ERROR. */
  private async database(principal: RequestPrincipal, id: number): Promise<DatabaseRow> {
    try {
      return await this.deps.databases.findVisible(principal, id);
    } catch (err) {
      if (err instanceof ApiError && err.statusCode === 404) throw catalogueError(404, 'DATABASE_NOT_FOUND_ERROR', 'The database was not found.');
      throw err;
    }
  }

  private render(principal: RequestPrincipal, handle: ConnectorHandle, input: ExecuteRequest): string {
    // SQL Lab's macros: the current user and the database's literals (filters and URL parameters are a chart's).
    const context = templateContext({ user: templateUser(principal), dialect: handle.connector.capabilities });
    try {
      return renderTemplate(input.sql, parseTemplateParams(input.templateParams), context);
    } catch (err) {
      if (!(err instanceof TemplateRenderError)) throw err;
      if (err.kind === 'missing') {
        throw catalogueError(400, 'MISSING_TEMPLATE_PARAMS_ERROR', err.message, {
          undefined_parameters: err.undefinedParameters,
          template_parameters: input.templateParams ?? {},
        });
      }
      throw catalogueError(400, 'INVALID_TEMPLATE_PARAMS_ERROR', err.message, { template_parameters: input.templateParams ?? {} });
    }
  }

  private prepare(db: DatabaseRow, handle: ConnectorHandle, input: ExecuteRequest, rendered: string, clientId: string): Prepared {
    const statements = splitStatements(rendered);
    if (statements.length === 0) throw catalogueError(400, 'INVALID_SQL_ERROR', 'The query is empty.');
    if (db.allow_dml !== 1 && statements.some((s) => !isReadOnlyStatement(s))) {
      throw catalogueError(400, 'DML_NOT_ALLOWED_ERROR');
    }
    if (input.select_as_cta) return this.prepareCtas(db, handle, input, statements, clientId);
    const last = statements[statements.length - 1]!;
    const plan = planLimit(last, input.queryLimit, this.deps.config.maxRow);
    const style = handle.connector.capabilities.limitStyle;
    // Ask the engine for one row more than the limit (also over the SQL's own LIMIT, as Superset's
    // force=True does): that row tells whether the result was cut.
    const limited = statements.map((s) => (isSelectStatement(s) ? applyLimit(s, plan.limit + 1, style, true) : s));
    return { statements: limited, limit: plan.limit, limitingFactor: plan.limitingFactor, ctas: null };
  }

  private prepareCtas(db: DatabaseRow, handle: ConnectorHandle, input: ExecuteRequest, statements: string[], clientId: string): Prepared {
    const view = input.ctas_method === 'VIEW';
    const last = statements[statements.length - 1]!;
    if (view) {
      if (db.allow_cvas !== 1) throw catalogueError(400, 'INVALID_CVAS_QUERY_ERROR', 'This database does not allow CREATE VIEW AS.');
      if (statements.length !== 1) throw catalogueError(400, 'INVALID_CVAS_QUERY_ERROR', 'CVAS (create view as select) query has more than one statement.');
      if (!isSelectStatement(last)) throw catalogueError(400, 'INVALID_CVAS_QUERY_ERROR', 'CVAS (create view as select) query is not a SELECT statement.');
    } else {
      if (db.allow_ctas !== 1) throw catalogueError(400, 'INVALID_CTAS_QUERY_ERROR', 'This database does not allow CREATE TABLE AS.');
      if (!isSelectStatement(last)) {
        throw catalogueError(400, 'INVALID_CTAS_QUERY_ERROR', "CTAS (create table as select) can only be run with a query where the last statement is a SELECT. Please make sure your query has a SELECT as its last statement. Then, try running your query again.");
      }
    }
    const target = { table: input.tmp_table_name || `tmp_${clientId}`, schema: db.force_ctas_schema || input.schema || null };
    const create = `CREATE ${view ? 'VIEW' : 'TABLE'} ${this.qualified(handle, target)} AS\n${last}`;
    return { statements: [...statements.slice(0, -1), create], limit: null, limitingFactor: 'NOT_LIMITED', ctas: target };
  }

  private qualified(handle: ConnectorHandle, target: { table: string; schema: string | null }): string {
    const q = (s: string) => handle.connector.quoteIdentifier(s);
    return target.schema ? `${q(target.schema)}.${q(target.table)}` : q(target.table);
  }
}
