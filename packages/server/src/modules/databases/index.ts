import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { EXAMPLES_FILE } from '../../examples/prepareExamples.js';
import type { ModuleDeps } from '../../app/moduleDeps.js';
import { ConnectionPolicy } from './connectionPolicy.js';
import { ConnectionPool } from './connectionPool.js';
import { DatabaseMetadataService } from './databaseMetadata.service.js';
import { databaseMetadataRoutes } from './databaseMetadata.routes.js';
import { DatabasePermissions } from './databasePermissions.js';
import { DatabasesRepository } from './databases.repository.js';
import { databasesRoutes } from './databases.routes.js';
import { DatabasesService } from './databases.service.js';
import { MetadataCache } from './metadataCache.js';

/**
 * Database connections: CRUD, connection checks and metadata. Open connections close with the app.
 * The plugin also carries its services, so modules built later (SQL Lab, datasets) can be given them
 * by the composition root: `service.handle(row)` for a pooled connector handle, `service.registerDeleteGuard`.
 */
export function databasesModule(deps: ModuleDeps) {
  const { ctx, security } = deps;
  const policy = new ConnectionPolicy({
    dataDir: ctx.config.dataDir,
    examplesFile: path.join(ctx.config.dataDir, EXAMPLES_FILE),
    metadataUrl: ctx.config.databaseUrl,
    preventUnsafe: ctx.config.connections.preventUnsafe,
    fileDatabaseDirs: ctx.config.connections.fileDatabaseDirs,
    blockedHosts: ctx.config.connections.blockedHosts,
  });
  const pool = new ConnectionPool(ctx.secrets, ctx.config.dataDir, policy, ctx.config.queryPools);
  const cache = new MetadataCache();
  const service = new DatabasesService({
    repo: new DatabasesRepository(ctx.db),
    permissions: new DatabasePermissions(security),
    secrets: ctx.secrets,
    pool,
    cache,
    dataDir: ctx.config.dataDir,
    policy,
    log: ctx.log,
  });
  const metadata = new DatabaseMetadataService(service, cache);
  const register = async function register(app: FastifyInstance): Promise<void> {
    // Before the server waits for in-flight requests: a request waiting on a long query would otherwise hold
    // the shutdown until its timeout. Closing the handles stops their statements, so those requests answer now.
    app.addHook('preClose', async () => {
      await pool.closeAll();
    });
    await app.register(databasesRoutes(service));
    await app.register(databaseMetadataRoutes(metadata));
  };
  return Object.assign(register, { service, metadata });
}
