import { METADATA_FILE, errorEntry, layoutChartIds, type BundleResource, type DatasetShow, type Principal } from '@tessera/core';
import { ApiError } from '../../app/httpErrors.js';
import type { ChartsService } from '../charts/charts.service.js';
import type { DashboardsService } from '../dashboards/dashboards.service.js';
import type { DatabasesService } from '../databases/databases.service.js';
import type { DatasetsService } from '../datasets/datasets.service.js';
import { chartFileName, dashboardFileName, databaseFileName, datasetFileName, exportRoot, fileStem, metadataTimestamp } from './bundleFiles.js';
import { exportLayout, type Layout } from './dashboardLayout.js';
import { exportMetadata, nativeFilterDatasetIds } from './dashboardMetadata.js';
import { chartPayload, dashboardPayload, databasePayload, datasetPayload, metadataPayload } from './exportPayloads.js';
import type { ImportExportRepository } from './importExport.repository.js';
import { toYamlText } from './yamlText.js';
import { writeZip } from './zipBundle.js';

export interface ExportServiceDeps {
  repo: ImportExportRepository;
  databases: DatabasesService;
  datasets: DatasetsService;
  charts: ChartsService;
  dashboards: DashboardsService;
}

export interface ExportedBundle {
  filename: string;
  data: Buffer;
}

/** The files of one bundle: each object once, and a second object with the same file name gets its id appended. */
class BundleFiles {
  private readonly files = new Map<string, string>();
  private readonly objects = new Set<string>();

  has(uuid: string): boolean {
    return this.objects.has(uuid);
  }

  add(uuid: string, name: string, fallback: string, payload: Record<string, unknown>): void {
    this.objects.add(uuid);
    this.files.set(this.files.has(name) ? fallback : name, toYamlText(payload));
  }

  entries(): [string, string][] {
    return [...this.files];
  }
}

const NOUN: Record<BundleResource, string> = { chart: 'Chart', dataset: 'Dataset', database: 'Database', dashboard: 'Dashboard' };

const isNotFound = (err: unknown) => err instanceof ApiError && err.statusCode === 404;
/** Objects the caller may not see are, to an export, objects that do not exist (Superset's base filters). */
const isHidden = (err: unknown) => err instanceof ApiError && (err.statusCode === 404 || err.statusCode === 403);

/** A JSON text field as a mapping; anything else (empty, not JSON, not a mapping) as null. */
function mappingOf(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * `GET /api/v1/<resource>/export/`: the requested objects and what they need to be imported elsewhere (a
 * dashboard's charts, a chart's dataset and database, a dataset's database, a database's datasets). Every requested id must be
 * visible to the caller (else 404, as Superset answers); related objects the caller may not read are left out.
 */
export class ExportService {
  constructor(private readonly deps: ExportServiceDeps) {}

  async export(principal: Principal, resource: BundleResource, ids: readonly number[], now = new Date()): Promise<ExportedBundle> {
    const files = new BundleFiles();
    const unique = [...new Set(ids)];
    try {
      if (resource === 'chart') await this.addCharts(principal, unique, files, true);
      else if (resource === 'dashboard') await this.addDashboards(principal, unique, files);
      else if (resource === 'dataset') await this.addDatasets(principal, unique, files, true);
      else await this.addDatabases(principal, unique, files);
    } catch (err) {
      // FAB's `{message: "Not found"}`, with the catalogue's entry for clients that read `errors`.
      if (isNotFound(err)) throw new ApiError(404, { message: 'Not found', errors: [errorEntry('OBJECT_DOES_NOT_EXIST_ERROR', `${NOUN[resource]} not found.`)] });
      throw err;
    }
    const root = exportRoot(resource, now);
    const entries: [string, string][] = [[METADATA_FILE, toYamlText(metadataPayload(resource, metadataTimestamp(now)))], ...files.entries()];
    return { filename: `${root}.zip`, data: writeZip(entries.map(([name, text]) => ({ name: `${root}/${name}`, data: Buffer.from(text, 'utf8') }))) };
  }

  /**
   * Each dashboard with its charts (those it links and those its layout shows), their datasets and databases,
   * and the datasets its native filters target. Charts the caller may not see are left out; their layout
   * components keep their uuid, so the bundle imports where those charts exist.
   */
  private async addDashboards(principal: Principal, ids: number[], files: BundleFiles): Promise<void> {
    const dashboards = [];
    for (const id of ids) {
      try {
        dashboards.push(await this.deps.dashboards.find(principal, String(id)));
      } catch (err) {
        if (isHidden(err)) throw new ApiError(404, { message: 'Not found' });
        throw err;
      }
    }
    for (const dashboard of dashboards) {
      if (files.has(dashboard.uuid)) continue;
      const stored = mappingOf(dashboard.position_json) as Layout | null;
      const metadata = mappingOf(dashboard.json_metadata);
      const linked = await this.deps.repo.dashboardChartIds(dashboard.id);
      const shown = stored ? layoutChartIds(stored) : [];
      const known = await this.deps.repo.chartsById([...new Set([...linked, ...shown])]);
      const filtered = metadata ? nativeFilterDatasetIds(metadata) : [];
      const datasetUuids = await this.deps.repo.datasetUuids(filtered);
      const position = exportLayout(stored, dashboard.dashboard_title, known, linked);
      const name = dashboardFileName(dashboard.dashboard_title, dashboard.id);
      files.add(dashboard.uuid, name, name, dashboardPayload(dashboard, position, metadata ? exportMetadata(metadata, datasetUuids) : null));
      await this.addCharts(principal, known.map((c) => c.id), files, false);
      await this.addDatasets(principal, [...datasetUuids.keys()], files, false);
    }
  }

  /** `required`: the ids were asked for (a hidden one is a 404); otherwise hidden charts are skipped. */
  private async addCharts(principal: Principal, ids: number[], files: BundleFiles, required: boolean): Promise<void> {
    const charts = [];
    for (const id of ids) {
      try {
        charts.push(await this.deps.charts.findVisible(principal, id));
      } catch (err) {
        if (required || !isHidden(err)) throw err;
      }
    }
    const datasetIds = charts.filter((c) => c.datasource_type === 'table').map((c) => c.datasource_id);
    const uuids = await this.deps.repo.datasetUuids(datasetIds);
    for (const chart of charts) {
      if (files.has(chart.uuid)) continue;
      const datasetUuid = chart.datasource_type === 'table' ? (uuids.get(chart.datasource_id) ?? null) : null;
      const name = chartFileName(chart.slice_name, chart.id);
      files.add(chart.uuid, name, name, chartPayload(chart, datasetUuid));
    }
    await this.addDatasets(principal, [...new Set(datasetIds.filter((id) => uuids.has(id)))], files, false);
  }

  /** `required`: the ids were asked for (a missing one is a 404); otherwise unreadable ones are skipped. */
  private async addDatasets(principal: Principal, ids: number[], files: BundleFiles, required: boolean): Promise<void> {
    const datasets: DatasetShow[] = [];
    for (const id of ids) {
      try {
        datasets.push(await this.deps.datasets.show(principal, id));
      } catch (err) {
        if (required || !isNotFound(err)) throw err;
      }
    }
    for (const dataset of datasets) {
      if (files.has(dataset.uuid)) continue;
      const database = await this.visibleDatabase(principal, dataset.database.id);
      if (!database) continue;
      const db = { name: dataset.database.database_name, id: dataset.database.id };
      const name = datasetFileName(db, { name: dataset.table_name, id: dataset.id });
      const fallback = `datasets/${fileStem(db.name, db.id, false)}/${fileStem(dataset.table_name, dataset.id, true)}.yaml`;
      files.add(dataset.uuid, name, fallback, datasetPayload(dataset, database.uuid));
      this.addDatabase(database, files);
    }
  }

  private async addDatabases(principal: Principal, ids: number[], files: BundleFiles): Promise<void> {
    const databases = [];
    for (const id of ids) databases.push(await this.deps.databases.findVisible(principal, id));
    for (const database of databases) {
      this.addDatabase(database, files);
      await this.addDatasets(principal, await this.deps.repo.datasetIdsOfDatabase(database.id), files, false);
    }
  }

  private addDatabase(database: Awaited<ReturnType<DatabasesService['findVisible']>>, files: BundleFiles): void {
    if (files.has(database.uuid)) return;
    const name = databaseFileName(database.database_name, database.id);
    files.add(database.uuid, name, `databases/${fileStem(database.database_name, database.id, true)}.yaml`, databasePayload(database, this.deps.databases.exportUri(database)));
  }

  private async visibleDatabase(principal: Principal, id: number) {
    try {
      return await this.deps.databases.findVisible(principal, id);
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }
}
