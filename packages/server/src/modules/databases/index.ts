import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../app/moduleDeps.js';
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
  const pool = new ConnectionPool(ctx.secrets, ctx.config.dataDir);
  const cache = new MetadataCache();
  const service = new DatabasesService({
    repo: new DatabasesRepository(ctx.db),
    permissions: new DatabasePermissions(security),
    secrets: ctx.secrets,
    pool,
    cache,
    dataDir: ctx.config.dataDir,
    log: ctx.log,
  });
  const metadata = new DatabaseMetadataService(service, cache);
  const register = async function register(app: FastifyInstance): Promise<void> {
    app.addHook('onClose', async () => {
      await pool.closeAll();
    });
    await app.register(databasesRoutes(service));
    await app.register(databaseMetadataRoutes(metadata));
  };
  return Object.assign(register, { service, metadata });
}
