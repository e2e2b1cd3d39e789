import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app/context.js';
import { ensureExamplesDatabase } from '../modules/databases/examplesDatabase.js';
import { SecurityRepository } from '../modules/security/security.repository.js';
import { SecurityService } from '../modules/security/security.service.js';
import { UsersRepository } from '../modules/security/users.repository.js';
import { examplesAreComplete, generateExamples } from './generateExamples.js';

export const EXAMPLES_FILE = 'examples.duckdb';

/**
 * Generates DATA_DIR/examples.duckdb when missing or incomplete, then registers it as database `examples`.
 * Runs before the server listens, so nothing else has the file open while it is (re)written; afterwards the
 * databases module's connector holds the process's single DuckDB instance for it (read-only).
 */
export async function prepareExamples(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  if (!ctx.config.examples) return;
  const file = path.join(ctx.config.dataDir, EXAMPLES_FILE);
  if (!(await examplesAreComplete(file))) {
    log.info({ file }, 'examples: generating the example database (first start or incomplete file)');
    const result = await generateExamples(file, (message) => log.info(message));
    const rows = Object.values(result.tables).reduce((a, b) => a + b, 0);
    log.info({ file, tables: Object.keys(result.tables).length, rows, millis: result.millis }, `examples: generated in ${result.millis} ms`);
  }
  const security = new SecurityService(new SecurityRepository(ctx.db), new UsersRepository(ctx.db));
  await ensureExamplesDatabase(ctx.db, security, file, log);
}
