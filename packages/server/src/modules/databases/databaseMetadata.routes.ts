import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { schemasQuerySchema, tableMetadataQuerySchema, tablesQuerySchema } from '@tessera/core';
import { pkParam } from '../../app/params.js';
import { decodeRison } from '../../app/rison.js';
import { parseInput } from '../../app/validate.js';
import type { DatabaseMetadataService } from './databaseMetadata.service.js';

const READ = { permission: ['can_read', 'Database'] as const };
const tableParams = z.object({ table: z.string().min(1), schema: z.string().min(1).optional() });
const rison = (query: unknown) => decodeRison((query as Record<string, unknown>).q) ?? {};

/** Database metadata for SQL Lab and the dataset editor (facts §2.2); both the old path forms and 5.x query forms. */
export function databaseMetadataRoutes(metadata: DatabaseMetadataService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/api/v1/database/:pk/schemas/', { config: READ }, async (request) => {
      const q = parseInput(schemasQuerySchema, rison(request.query));
      return { result: await metadata.schemas(request.principal, pkParam(request.params), q.force) };
    });

    app.get('/api/v1/database/:pk/catalogs/', { config: READ }, async (request) => ({
      result: await metadata.catalogs(request.principal, pkParam(request.params)),
    }));

    app.get('/api/v1/database/:pk/tables/', { config: READ }, async (request) => {
      const q = parseInput(tablesQuerySchema, rison(request.query));
      return metadata.tables(request.principal, pkParam(request.params), q.schema_name, q.force);
    });

    app.get('/api/v1/database/:pk/table/:table/:schema/', { config: READ }, async (request) => {
      const p = parseInput(tableParams, request.params);
      return metadata.tableMetadata(request.principal, pkParam(request.params), p.table, p.schema);
    });

    app.get('/api/v1/database/:pk/table_metadata/', { config: READ }, async (request) => {
      const q = parseInput(tableMetadataQuerySchema, request.query);
      return metadata.tableMetadata(request.principal, pkParam(request.params), q.name, q.schema);
    });

    app.get('/api/v1/database/:pk/table_extra/:table/:schema/', { config: READ }, async (request) => {
      const p = parseInput(tableParams, request.params);
      return metadata.tableExtra(request.principal, pkParam(request.params), p.table, p.schema);
    });

    app.get('/api/v1/database/:pk/table_metadata/extra/', { config: READ }, async (request) => {
      const q = parseInput(tableMetadataQuerySchema, request.query);
      return metadata.tableExtra(request.principal, pkParam(request.params), q.name, q.schema);
    });

    const selectStar = async (request: { params: unknown; principal: Parameters<DatabaseMetadataService['selectStar']>[0] }) => {
      const p = parseInput(tableParams, request.params);
      return { result: await metadata.selectStar(request.principal, pkParam(request.params), p.table, p.schema) };
    };
    app.get('/api/v1/database/:pk/select_star/:table/', { config: READ }, selectStar);
    app.get('/api/v1/database/:pk/select_star/:table/:schema/', { config: READ }, selectStar);

    app.get('/api/v1/database/:pk/function_names/', { config: READ }, async (request) => ({
      function_names: await metadata.functionNames(request.principal, pkParam(request.params)),
    }));
  };
}
