import { splitStatements, type Principal } from '@tessera/core';
import { format, type SqlLanguage } from 'sql-formatter';
import { ApiError, badRequest, catalogueError } from '../../app/httpErrors.js';
import { parseTemplateParams, renderTemplate, TemplateRenderError } from '../../query-engine/renderTemplate.js';
import { templateContext, templateUser } from '../../query-engine/template/templateContext.js';
import type { DatabasesService } from '../databases/databases.service.js';
import type { SqlGuard } from '../security/sqlGuard.js';

const DIALECTS: Record<string, SqlLanguage> = {
  postgresql: 'postgresql',
  postgres: 'postgresql',
  mysql: 'mysql',
  mariadb: 'mariadb',
  sqlite: 'sqlite',
  duckdb: 'duckdb',
};

/** Formatting and cost estimates: the SQL editor's helpers that don't run the query. */
export class SqlToolsService {
  constructor(
    private readonly databases: DatabasesService,
    private readonly guard: SqlGuard,
  ) {}

  async format(principal: Principal, sql: string, engine: string | null | undefined, databaseId: number | null | undefined): Promise<string> {
    let backend = engine ?? null;
    if (!backend && databaseId) backend = (await this.databases.findVisible(principal, databaseId)).backend;
    const language = DIALECTS[(backend ?? '').toLowerCase()] ?? 'sql';
    try {
      return format(sql, { language, keywordCase: 'upper' });
    } catch (err) {
      // Unparsable text is the user's: say so instead of failing with a 500.
      throw badRequest(`The SQL could not be formatted: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
    }
  }

  async estimate(principal: Principal, databaseId: number, sql: string, templateParams: unknown, schema: string | null = null): Promise<Record<string, unknown>[]> {
    let db;
    try {
      db = await this.databases.findVisible(principal, databaseId);
    } catch (err) {
      if (err instanceof ApiError && err.statusCode === 404) throw catalogueError(404, 'DATABASE_NOT_FOUND_ERROR', 'The database was not found.');
      throw err;
    }
    const handle = await this.databases.handle(db);
    if (!handle.connector.capabilities.supportsCostEstimate || !handle.estimateCost) {
      throw badRequest(`The database ${db.database_name} (${handle.connector.name}) does not support query cost estimation.`);
    }
    let rendered: string;
    try {
      const context = templateContext({ user: templateUser(principal), dialect: handle.connector.capabilities });
      rendered = renderTemplate(sql, parseTemplateParams(templateParams as Record<string, unknown> | string | null), context);
    } catch (err) {
      if (err instanceof TemplateRenderError) throw catalogueError(400, err.kind === 'missing' ? 'MISSING_TEMPLATE_PARAMS_ERROR' : 'INVALID_TEMPLATE_PARAMS_ERROR', err.message);
      throw err;
    }
    // EXPLAIN plans name tables and their sizes: the same access rules as running the query.
    await this.guard.assertCanRun(principal, db, schema ?? handle.connector.capabilities.defaultSchema, rendered);
    const out: Record<string, unknown>[] = [];
    for (const statement of splitStatements(rendered)) {
      try {
        out.push(...(await handle.estimateCost(statement, { schema })));
      } catch (err) {
        const entry = (err as { toEntry?: () => unknown }).toEntry?.();
        if (entry) throw new ApiError(400, { errors: [entry] });
        throw err;
      }
    }
    return out;
  }
}
