import { canSeeAllQueries, RESULT_HEAD_ROWS, type Principal } from '@tessera/core';
import { ApiError, catalogueError } from '../../app/httpErrors.js';
import { decodeArrow, sliceArrow } from '../../query-engine/arrowResult.js';
import { resultPayloadJson } from '../../query-engine/resultPayload.js';
import type { ResultsBackend } from '../../query-engine/resultsBackend.js';
import type { DatabasesService } from '../databases/databases.service.js';
import type { QueryRepository } from './query.repository.js';
import type { QueryRow } from './queryDict.js';
import type { QueryDictService } from './queryDict.service.js';

export type ResultsAnswer =
  | { kind: 'json'; json: string }
  | { kind: 'arrow'; bytes: Uint8Array; encoding: 'gzip' | null; rows: number; row: QueryRow };

function expiredUnless<T>(stored: T | null): T {
  if (stored === null) {
    throw catalogueError(410, 'RESULTS_BACKEND_ERROR', 'Data could not be retrieved from the results backend. You need to re-run the original query.');
  }
  return stored;
}

/** Stored results by results key (Superset's /results/): JSON for the grid, Arrow for big transfers. */
export class ResultsService {
  constructor(
    private readonly repo: QueryRepository,
    private readonly backend: ResultsBackend,
    private readonly databases: DatabasesService,
    private readonly dicts: QueryDictService,
    private readonly displayMaxRow: number,
  ) {}

  /** The query owning `key`, if the principal may read it; the stored bytes, or a 410 when they expired. */
  async load(principal: Principal, key: string): Promise<{ row: QueryRow; bytes: Uint8Array }> {
    const row = await this.ownerOf(principal, key);
    return { row, bytes: expiredUnless(await this.backend.get(key)) };
  }

  /**
   * `acceptsGzip`: the Arrow bytes may go out as stored (gzip, with Content-Encoding) rather than
   * inflated here; browsers always take it.
   */
  async get(principal: Principal, key: string, rows: number | null, arrow: boolean, acceptsGzip = false): Promise<ResultsAnswer> {
    if (arrow) {
      const row = await this.ownerOf(principal, key);
      // A head of a big result (the first screen while the rest downloads): cut from the stored stream.
      if (rows !== null && rows < (row.rows ?? 0)) {
        return { kind: 'arrow', bytes: await this.head(key, rows), encoding: null, rows: row.rows ?? 0, row };
      }
      if (acceptsGzip) {
        const stored = expiredUnless(await this.backend.getStored(key));
        return { kind: 'arrow', bytes: stored.bytes, encoding: stored.encoding, rows: row.rows ?? 0, row };
      }
      return { kind: 'arrow', bytes: expiredUnless(await this.backend.get(key)), encoding: null, rows: row.rows ?? 0, row };
    }
    const { row, bytes } = await this.load(principal, key);
    const cap = rows ?? this.displayMaxRow;
    const result = decodeArrow(bytes, cap + 1);
    return { kind: 'json', json: resultPayloadJson(result, await this.dicts.forRow(row), cap) };
  }

  /**
   * The first rows: from the stored head while the whole result is being encoded (a head always holds
   * RESULT_HEAD_ROWS rows: only results past RESULT_HEAD_MIN_ROWS get one), else cut from the whole.
   */
  private async head(key: string, rows: number): Promise<Uint8Array> {
    const head = rows <= RESULT_HEAD_ROWS ? await this.backend.getHead(key) : null;
    if (head) return rows === RESULT_HEAD_ROWS ? head : sliceArrow(head, rows);
    return sliceArrow(expiredUnless(await this.backend.get(key)), rows);
  }

  private async ownerOf(principal: Principal, key: string): Promise<QueryRow> {
    const row = await this.repo.findByResultsKey(key);
    if (!row) throw catalogueError(404, 'RESULTS_BACKEND_ERROR', 'The results key was not found.');
    await this.checkAccess(principal, row);
    return row;
  }

  /** Owners read their results; others need all_query_access and access to the database. */
  async checkAccess(principal: Principal, row: QueryRow): Promise<void> {
    const forbidden = () =>
      catalogueError(403, 'QUERY_SECURITY_ACCESS_ERROR', 'You are not authorized to see this query. If you think this is an error, please reach out to your administrator.');
    if (row.user_id !== principal.id && !canSeeAllQueries(principal)) throw forbidden();
    try {
      await this.databases.findVisible(principal, row.database_id);
    } catch (err) {
      if (err instanceof ApiError) throw forbidden();
      throw err;
    }
  }
}
