import { Readable } from 'node:stream';
import {
  ARROW_STREAM_MEDIA_TYPE,
  estimateRequestSchema,
  executeRequestSchema,
  formatSqlRequestSchema,
  isReadOnlyStatement,
  resultsRequestSchema,
  splitStatements,
} from '@tessera/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError, catalogueError, notFound } from '../../app/httpErrors.js';
import { decodeRison } from '../../app/rison.js';
import { parseInput } from '../../app/validate.js';
import type { QueryResult } from '../../connectors/types.js';
import { poolErrorStatus } from '../../connectors/poolErrors.js';
import { decodeArrow } from '../../query-engine/arrowResult.js';
import { runStatements } from '../../query-engine/runStatements.js';
import type { DatabasesService } from '../databases/databases.service.js';
import { csvChunks, csvFileName } from './csvExport.js';
import type { ExecuteSqlService, JsonAnswer } from './executeSql.service.js';
import { SYSTEM_PRINCIPAL } from '../security/systemPrincipal.js';
import type { QueryRepository } from './query.repository.js';
import type { QueryRow } from './queryDict.js';
import type { ResultsService } from './results.service.js';
import type { SqlToolsService } from './sqlTools.service.js';

export interface SqllabRouteDeps {
  execute: ExecuteSqlService;
  results: ResultsService;
  tools: SqlToolsService;
  repo: QueryRepository;
  databases: DatabasesService;
  maxRow: number;
}

const sendJson = (reply: FastifyReply, answer: JsonAnswer) => reply.code(answer.status).type('application/json; charset=utf-8').send(answer.json);

/** SQL Lab's REST API (class permission "SQLLab"), facts §2.1. */
export function sqllabRoutes(deps: SqllabRouteDeps) {
  return async function register(app: FastifyInstance): Promise<void> {
    // The client appends the page's query string to the URL: accepted and ignored.
    app.post('/api/v1/sqllab/execute/', { config: { permission: ['can_execute_sql_query', 'SQLLab'] } }, async (request, reply) => {
      const input = parseInput(executeRequestSchema, request.body);
      return sendJson(reply, await deps.execute.execute(request.principal, input));
    });

    app.get('/api/v1/sqllab/results/', { config: { permission: ['can_get_results', 'SQLLab'] } }, async (request, reply) => {
      const query = request.query as { q?: string; format?: string };
      const input = parseInput(resultsRequestSchema, decodeRison(query.q) ?? {});
      const wantsArrow = query.format === 'arrow' || (request.headers.accept ?? '').includes(ARROW_STREAM_MEDIA_TYPE);
      const acceptsGzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      const answer = await deps.results.get(request.principal, input.key, input.rows ?? null, wantsArrow, acceptsGzip);
      if (answer.kind === 'json') return sendJson(reply, { status: 200, json: answer.json });
      if (answer.encoding) reply.header('content-encoding', answer.encoding);
      return reply
        .code(200)
        .header('vary', 'accept-encoding')
        .type(ARROW_STREAM_MEDIA_TYPE)
        .header('x-tessera-rows', String(answer.rows))
        .header('x-tessera-query-id', answer.row.client_id)
        .header('x-tessera-limiting-factor', answer.row.limiting_factor)
        .header('cache-control', 'private, max-age=0')
        .send(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength));
    });

    app.post('/api/v1/sqllab/estimate/', { config: { permission: ['can_estimate_query_cost', 'SQLLab'] } }, async (request) => {
      const input = parseInput(estimateRequestSchema, request.body);
      return { result: await deps.tools.estimate(request.principal, input.database_id, input.sql, input.template_params, input.schema ?? null) };
    });

    app.post('/api/v1/sqllab/format_sql/', { config: { permission: ['can_read', 'SQLLab'] } }, async (request) => {
      const input = parseInput(formatSqlRequestSchema, request.body);
      return { result: await deps.tools.format(request.principal, input.sql, input.engine, input.database_id) };
    });

    app.get('/api/v1/sqllab/export/:client_id/', { config: { permission: ['can_export_csv', 'SQLLab'] } }, async (request, reply) => {
      const { client_id } = request.params as { client_id: string };
      const row = await deps.repo.findByClientId(client_id);
      if (!row) throw notFound();
      await deps.results.checkAccess(request.principal, row);
      let result: QueryResult | null = null;
      if (row.results_key) {
        const bytes = await deps.results.load(request.principal, row.results_key).then((r) => r.bytes).catch(() => null);
        if (bytes) result = decodeArrow(bytes);
      }
      if (!result) result = await rerun(deps, row, row.select_sql ?? row.executed_sql ?? row.sql, row.limit ?? deps.maxRow);
      const name = csvFileName(row.tab_name, new Date());
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(Readable.from(csvChunks(result)));
    });
  };
}

/** Results no longer stored: run the query again (read-only statements only) with its limit. */
async function rerun(deps: SqllabRouteDeps, row: QueryRow, sql: string, limit: number): Promise<QueryResult> {
  const statements = splitStatements(sql);
  if (statements.length === 0 || !statements.every(isReadOnlyStatement)) {
    throw catalogueError(410, 'RESULTS_BACKEND_ERROR', 'The results expired and the query changes data, so it is not run again. Re-run it in SQL Lab.');
  }
  const handle = await deps.databases.handle(await deps.databases.findVisible(SYSTEM_PRINCIPAL, row.database_id));
  try {
    return await runStatements(handle, statements, {
      signal: new AbortController().signal,
      limit,
      // The schema picked when the query ran: unqualified names resolve as they did then.
      schema: row.schema,
      // Only reads are run again, and they must not write through a function either.
      readOnly: true,
      // Counted against the query's owner's share of the pool, as the run itself was.
      userId: row.user_id,
      onCancelKey: () => undefined,
      onProgress: () => undefined,
    });
  } catch (err) {
    const entry = (err as { toEntry?: () => unknown }).toEntry?.();
    if (entry) throw new ApiError(poolErrorStatus(err) ?? 400, { errors: [entry] });
    throw err;
  }
}
