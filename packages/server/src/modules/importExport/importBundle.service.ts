import { randomUUID } from 'node:crypto';
import { canModifyOwned, dataAccessViews, hasPermission, type BundleResource, type ImportPasswords, type Principal } from '@tessera/core';
import { ApiError } from '../../app/httpErrors.js';
import { nowIso } from '../../metadata-store/createMetadataStore.js';
import type { ChartsService } from '../charts/charts.service.js';
import type { DashboardsService } from '../dashboards/dashboards.service.js';
import type { DatabasesService } from '../databases/databases.service.js';
import type { DatasetsService } from '../datasets/datasets.service.js';
import type { SecurityService } from '../security/security.service.js';
import { BundleReadError, readBundleFiles } from './bundleFiles.js';
import { checkMetadata, loadConfigs, type BundleConfigs } from './bundleConfigs.js';
import { addFileError, bundleInvalid, bundleUnusable, importForbidden, type FileErrors } from './importErrors.js';
import type { DatabaseValues, ExistingDatabase, ExistingDataset, ImportExportRepository } from './importExport.repository.js';
import { checkNames, namedUuids, planImport, type ImportPlan } from './importPlan.js';
import { importedDashboardTexts } from './dashboardImport.js';
import { chartValues, columnValues, dashboardValues, databaseValues, datasetValues, metricValues, type ImportStamp } from './importValues.js';

export interface ImportRequest {
  bundle: Buffer;
  overwrite: boolean;
  passwords: ImportPasswords;
}

export interface ImportServiceDeps {
  repo: ImportExportRepository;
  databases: DatabasesService;
  datasets: DatasetsService;
  charts: ChartsService;
  dashboards: DashboardsService;
  security: SecurityService;
}

type Connection = Pick<DatabaseValues, 'sqlalchemy_uri' | 'password' | 'backend'>;

const UNREADABLE: Record<string, string> = {
  'not-a-zip': 'Not a valid ZIP file',
  'too-many-files': 'The ZIP file holds too many files',
  'too-large': 'The ZIP file is too large once uncompressed',
};

/**
 * `POST /api/v1/<resource>/import/`: validates the whole bundle first (every problem reported at once, 422),
 * then checks what the caller may create or replace (403), then writes everything in one transaction.
 */
export class ImportService {
  constructor(private readonly deps: ImportServiceDeps) {}

  async import(principal: Principal, resource: BundleResource, request: ImportRequest): Promise<void> {
    const files = await this.read(request.bundle);
    const errors: FileErrors = {};
    checkMetadata(files, resource, errors);
    const configs = loadConfigs(files, resource, errors);
    const plan = planImport(resource, configs, await this.existing(configs), request, errors);
    const connections = await this.connections(plan, errors);
    checkNames(plan, await this.takenNames(plan), errors);
    if (Object.keys(errors).length > 0) throw bundleInvalid(resource, errors);
    await this.checkAccess(principal, plan);
    await this.write(principal, plan, connections);
  }

  private async read(bundle: Buffer): Promise<Map<string, string>> {
    try {
      return await readBundleFiles(bundle);
    } catch (err) {
      if (err instanceof BundleReadError) throw bundleUnusable(UNREADABLE[err.problem] ?? 'Not a valid ZIP file');
      throw err;
    }
  }

  private async existing(configs: BundleConfigs) {
    const uuids = namedUuids(configs);
    const [databases, datasets, charts, dashboards] = await Promise.all([
      this.deps.repo.databasesByUuid(uuids.databases),
      this.deps.repo.datasetsByUuid(uuids.datasets),
      this.deps.repo.chartsByUuid(uuids.charts),
      this.deps.repo.dashboardsByUuid(uuids.dashboards),
    ]);
    return {
      databases: new Map(databases.map((d) => [d.uuid, d])),
      datasets: new Map(datasets.map((d) => [d.uuid, d])),
      charts: new Map(charts.map((c) => [c.uuid, c])),
      dashboards: new Map(dashboards.map((d) => [d.uuid, d])),
    };
  }

  /** The stored form of each written database's connection; a URI the server cannot use is that file's error. */
  private async connections(plan: ImportPlan, errors: FileErrors): Promise<Map<string, Connection>> {
    const out = new Map<string, Connection>();
    for (const step of plan.databases.filter((s) => s.write)) {
      try {
        out.set(step.config.uuid, await this.deps.databases.importedConnection(step.config.sqlalchemy_uri, step.password, step.existing?.id ?? null));
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        addFileError(errors, step.file, err.body.message ?? err.body.errors ?? err.message);
      }
    }
    return out;
  }

  private async takenNames(plan: ImportPlan) {
    const names = plan.databases.filter((s) => s.write).map((s) => s.config.database_name);
    const databaseIds = [...plan.databases.flatMap((s) => (s.existing ? [s.existing.id] : [])), ...plan.outsideDatabases.map((d) => d.id)];
    const slugs = plan.dashboards.flatMap((s) => (s.config.slug?.trim() ? [s.config.slug.trim()] : []));
    const [databases, datasets, dashboards] = await Promise.all([
      this.deps.repo.databasesByName(names),
      this.deps.repo.datasetsOfDatabases(databaseIds),
      this.deps.repo.dashboardsBySlug(slugs),
    ]);
    return { databases, datasets, dashboards };
  }

  /** Superset's import rules: creating needs can_write, replacing needs ownership, reusing needs access. */
  private async checkAccess(principal: Principal, plan: ImportPlan): Promise<void> {
    const { datasets, charts, repo } = this.deps;
    for (const step of plan.databases.filter((s) => s.write)) {
      if (!hasPermission(principal, 'can_write', 'Database')) {
        throw importForbidden(
          step.existing ? "A database already exists and user doesn't have permissions to overwrite it" : "Database doesn't exist and user doesn't have permission to create databases",
        );
      }
    }
    const canWriteDatasets = hasPermission(principal, 'can_write', 'Dataset');
    const reusedDatabases = [...plan.databases.filter((s) => !s.write).flatMap((s) => (s.existing ? [s.existing] : [])), ...plan.outsideDatabases];
    for (const step of plan.datasets.filter((s) => s.write)) {
      if (!canWriteDatasets) throw importForbidden(step.existing ? "A dataset already exists and user doesn't have permissions to overwrite it" : "Dataset doesn't exist and user doesn't have permission to create datasets");
      if (step.existing) {
        const visible = await datasets.findVisible(principal, step.existing.id);
        if (!visible || !canModifyOwned(principal, await repo.ownerIds('dataset', step.existing.id))) {
          throw importForbidden("A dataset already exists and user doesn't have permissions to overwrite it");
        }
      }
      const database = reusedDatabases.find((d) => d.uuid === step.config.database_uuid);
      if (database) await this.visibleDatabase(principal, database);
    }
    const reusedDatasets = [...plan.datasets.filter((s) => !s.write).flatMap((s) => (s.existing ? [s.existing] : [])), ...plan.outsideDatasets];
    for (const dataset of reusedDatasets) {
      if (!plan.charts.some((c) => c.write && c.config.dataset_uuid === dataset.uuid)) continue;
      if (!(await datasets.findVisible(principal, dataset.id))) throw importForbidden(`You do not have access to the dataset ${dataset.table_name}`);
    }
    const chartVisible = (id: number) =>
      charts.findVisible(principal, id).then(
        () => true,
        () => false,
      );
    for (const step of plan.charts) {
      if (!step.existing) {
        if (!hasPermission(principal, 'can_write', 'Chart')) throw importForbidden("Chart doesn't exist and user doesn't have permission to create charts");
        continue;
      }
      if (!step.write) continue;
      if (!(await chartVisible(step.existing.id)) || !canModifyOwned(principal, await repo.ownerIds('chart', step.existing.id))) {
        throw importForbidden("A chart already exists and user doesn't have permissions to overwrite it");
      }
    }
    // A dashboard may show existing charts only when the importer can see them.
    const reusedCharts = [...plan.charts.filter((s) => !s.write).flatMap((s) => (s.existing ? [s.existing] : [])), ...plan.outsideCharts];
    for (const chart of reusedCharts) {
      if (!(await chartVisible(chart.id))) throw importForbidden(`You do not have access to the chart ${chart.slice_name}`);
    }
    for (const step of plan.dashboards) {
      if (!step.existing) continue;
      const visible = await this.deps.dashboards.find(principal, String(step.existing.id)).then(
        () => true,
        () => false,
      );
      if (!visible || !canModifyOwned(principal, await repo.ownerIds('dashboard', step.existing.id))) {
        throw importForbidden("A dashboard already exists and user doesn't have permissions to overwrite it");
      }
    }
  }

  private async visibleDatabase(principal: Principal, database: ExistingDatabase): Promise<void> {
    try {
      await this.deps.databases.findVisible(principal, database.id);
    } catch {
      throw importForbidden(`You do not have access to the database ${database.database_name}`);
    }
  }

  private async write(principal: Principal, plan: ImportPlan, connections: Map<string, Connection>): Promise<void> {
    const stamp: ImportStamp = { now: nowIso(), userId: principal.id };
    const written = await this.deps.repo.inTransaction(async (w) => {
      const databaseIds = new Map(plan.outsideDatabases.map((d) => [d.uuid, d.id]));
      const databaseNames = new Map(plan.outsideDatabases.map((d) => [d.uuid, d.database_name]));
      const databaseChanges: { id: number; database_name: string; previousName: string | null }[] = [];
      for (const step of plan.databases) {
        let id = step.existing?.id ?? null;
        if (step.write) {
          id = await w.saveDatabase(id, databaseValues(step.config, connections.get(step.config.uuid)!, stamp));
          databaseChanges.push({ id, database_name: step.config.database_name, previousName: step.existing?.database_name ?? null });
        }
        databaseIds.set(step.config.uuid, id!);
        databaseNames.set(step.config.uuid, step.write ? step.config.database_name : step.existing!.database_name);
      }
      const datasetRows = new Map<string, Pick<ExistingDataset, 'id' | 'schema' | 'table_name'>>(plan.outsideDatasets.map((d) => [d.uuid, d]));
      const datasetChanges: { view: string; previousView: string | null }[] = [];
      for (const step of plan.datasets) {
        const { config, existing } = step;
        if (!step.write) {
          datasetRows.set(config.uuid, existing!);
          continue;
        }
        const id = await w.saveDataset(existing?.id ?? null, datasetValues(config, databaseIds.get(config.database_uuid)!, stamp), {
          columns: (config.columns ?? []).map(columnValues),
          metrics: (config.metrics ?? []).map(metricValues),
          sync: existing !== null,
          newUuid: randomUUID,
        });
        await w.addOwner('dataset', id, principal.id);
        datasetRows.set(config.uuid, { id, schema: config.schema ?? null, table_name: config.table_name });
        const databaseName = databaseNames.get(config.database_uuid)!;
        datasetChanges.push({
          view: dataAccessViews.datasource(databaseName, config.table_name, id),
          previousView: existing ? dataAccessViews.datasource(databaseName, existing.table_name, id) : null,
        });
      }
      const chartIds = new Map(plan.outsideCharts.map((c) => [c.uuid, c.id]));
      for (const step of plan.charts) {
        if (!step.write) {
          chartIds.set(step.config.uuid, step.existing!.id);
          continue;
        }
        const id = await w.saveChart(step.existing?.id ?? null, chartValues(step.config, datasetRows.get(step.config.dataset_uuid)!, stamp));
        await w.addOwner('chart', id, principal.id);
        chartIds.set(step.config.uuid, id);
      }
      const datasetIds = new Map([...datasetRows].map(([uuid, row]) => [uuid, row.id]));
      for (const step of plan.dashboards) {
        const { chartIds: shown, ...texts } = importedDashboardTexts(step, chartIds, datasetIds);
        const id = await w.saveDashboard(step.existing?.id ?? null, dashboardValues(step.config, texts, stamp));
        await w.addOwner('dashboard', id, principal.id);
        await w.linkDashboardCharts(id, shown, step.existing !== null);
      }
      return { databaseChanges, datasetChanges };
    });
    // Access permissions live with the security module; they follow once the objects exist.
    await this.deps.databases.imported(written.databaseChanges);
    for (const change of written.datasetChanges) {
      if (change.previousView === null) await this.deps.security.registerPermission('datasource_access', change.view);
      else if (change.previousView !== change.view) await this.deps.security.renameView('datasource_access', change.previousView, change.view);
    }
  }
}
