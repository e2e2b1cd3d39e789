import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { DataModuleDeps } from '../../app/moduleDeps.js';
import type { ChartsService } from '../charts/charts.service.js';
import type { DashboardsService } from '../dashboards/dashboards.service.js';
import type { DatasetsService } from '../datasets/datasets.service.js';
import { ExportService } from './exportBundle.service.js';
import { ImportService } from './importBundle.service.js';
import { IMPORT_UPLOAD_LIMITS } from './importForm.js';
import { ImportExportRepository } from './importExport.repository.js';
import { importExportRoutes } from './importExport.routes.js';

export interface ImportExportModuleDeps extends DataModuleDeps {
  datasets: DatasetsService;
  charts: ChartsService;
  dashboards: DashboardsService;
}

/**
 * Superset-compatible export (ZIP of YAML) and import of dashboards, charts, datasets and databases. Access checks
 * are those objects' services'; this module reads and writes the bundle and the rows it carries.
 */
export function importExportModule(deps: ImportExportModuleDeps) {
  const repo = new ImportExportRepository(deps.ctx.db);
  const services = { repo, databases: deps.databases, datasets: deps.datasets, charts: deps.charts, dashboards: deps.dashboards };
  const exporter = new ExportService(services);
  const importer = new ImportService({ ...services, security: deps.security });
  return async function register(app: FastifyInstance): Promise<void> {
    // Uploads are read into memory part by part (`request.parts()`); nothing is written to disk.
    await app.register(fastifyMultipart, { limits: IMPORT_UPLOAD_LIMITS });
    await app.register(importExportRoutes(exporter, importer));
  };
}
