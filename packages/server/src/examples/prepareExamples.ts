import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { BuiltApp } from '../app/buildApp.js';
import { ensureExamplesDatabase } from '../modules/databases/examplesDatabase.js';
import { SecurityRepository } from '../modules/security/security.repository.js';
import { SecurityService } from '../modules/security/security.service.js';
import { SYSTEM_PRINCIPAL } from '../modules/security/systemPrincipal.js';
import { UsersRepository } from '../modules/security/users.repository.js';
import { EXAMPLE_TABLES } from './exampleTables.js';
import { examplesAreComplete, generateExamples } from './generateExamples.js';

export const EXAMPLES_FILE = 'examples.duckdb';

/**
 * Generates DATA_DIR/examples.duckdb when missing or incomplete, then registers it as database `examples`,
 * and, the first time only, a dataset per example table (as Superset's load-examples does), so a new user
 * can open the explorer at once. A dataset deleted later stays deleted across restarts.
 * Runs before the server listens, so nothing else has the file open while it is (re)written; afterwards the
 * databases module's connector holds the process's single DuckDB instance for it (read-only).
 */
export async function prepareExamples(built: Pick<BuiltApp, 'ctx' | 'datasets'>, log: FastifyBaseLogger): Promise<void> {
  const { ctx } = built;
  if (!ctx.config.examples) return;
  const file = path.join(ctx.config.dataDir, EXAMPLES_FILE);
  if (!(await examplesAreComplete(file))) {
    log.info({ file }, 'examples: generating the example database (first start or incomplete file)');
    const result = await generateExamples(file, (message) => log.info(message));
    const rows = Object.values(result.tables).reduce((a, b) => a + b, 0);
    log.info({ file, tables: Object.keys(result.tables).length, rows, millis: result.millis }, `examples: generated in ${result.millis} ms`);
  }
  const security = new SecurityService(new SecurityRepository(ctx.db), new UsersRepository(ctx.db));
  const database = await ensureExamplesDatabase(ctx.db, security, file, log);
  if (!database.created) return;
  let registered = 0;
  for (const table of EXAMPLE_TABLES) {
    try {
      await built.datasets.create(SYSTEM_PRINCIPAL, { database: database.id, schema: 'main', table_name: table.name });
      registered++;
    } catch (err) {
      // An example dataset is a convenience: the server starts without it, and the log says why.
      log.warn({ err, table: table.name }, 'examples: could not register the example dataset');
    }
  }
  log.info({ datasets: registered }, `examples: ${registered} datasets registered`);
}
