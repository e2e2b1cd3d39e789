import {
  DUPLICATE_DATABASE_NAME_MESSAGE,
  PASSWORD_MASK,
  PASSWORD_NEEDED_MESSAGE,
  alreadyExistsMessage,
  type BundleChart,
  type BundleDashboard,
  type BundleDatabase,
  type BundleDataset,
  type BundleResource,
  type ImportPasswords,
} from '@tessera/core';
import type { BundleConfigs } from './bundleConfigs.js';
import { addFileError, type FileErrors } from './importErrors.js';
import { bundleLayoutProblem, layoutChartUuids } from './dashboardLayout.js';
import { nativeFilterDatasetUuids } from './dashboardMetadata.js';
import type { ExistingChart, ExistingDashboard, ExistingDataset, ExistingDatabase } from './importExport.repository.js';

/**
 * Which objects of a bundle an import writes, which existing ones it reuses, and what is wrong with the
 * bundle, following Superset's import commands: the resource imported is created or (with overwrite)
 * replaced; the objects it depends on are created when missing and otherwise used as they are.
 */

export interface DatabaseStep {
  file: string;
  config: BundleDatabase;
  existing: ExistingDatabase | null;
  /** From the import form or the file; null with an existing database keeps its stored password. */
  password: string | null;
  /** Create (no existing row) or overwrite; false: the existing database is used as it is. */
  write: boolean;
}

export interface DatasetStep {
  file: string;
  config: BundleDataset;
  existing: ExistingDataset | null;
  write: boolean;
}

export interface ChartStep {
  file: string;
  config: BundleChart;
  existing: ExistingChart | null;
  /** Create or replace; false: a dashboard import uses the existing chart as it is. */
  write: boolean;
}

export interface DashboardStep {
  file: string;
  config: BundleDashboard;
  existing: ExistingDashboard | null;
}

export interface ImportPlan {
  databases: DatabaseStep[];
  datasets: DatasetStep[];
  charts: ChartStep[];
  dashboards: DashboardStep[];
  /** Databases datasets refer to without the bundle describing them. */
  outsideDatabases: ExistingDatabase[];
  /** Datasets charts refer to without the bundle describing them. */
  outsideDatasets: ExistingDataset[];
  /** Charts dashboard layouts show without the bundle describing them. */
  outsideCharts: ExistingChart[];
}

/** What the metadata store already holds of the uuids a bundle names. */
export interface Existing {
  databases: Map<string, ExistingDatabase>;
  datasets: Map<string, ExistingDataset>;
  charts: Map<string, ExistingChart>;
  dashboards: Map<string, ExistingDashboard>;
}

const layoutOf = (config: BundleDashboard) => config.position ?? {};
const metadataOf = (config: BundleDashboard) => config.metadata ?? {};

/** Every uuid a bundle names, by kind: what to look up before planning. */
export function namedUuids(configs: BundleConfigs) {
  const databases = new Set([...configs.databases.values()].map((c) => c.uuid));
  for (const c of configs.datasets.values()) databases.add(c.database_uuid);
  const datasets = new Set([...configs.datasets.values()].map((c) => c.uuid));
  for (const c of configs.charts.values()) datasets.add(c.dataset_uuid);
  for (const c of configs.dashboards.values()) for (const uuid of nativeFilterDatasetUuids(metadataOf(c))) datasets.add(uuid);
  const charts = new Set([...configs.charts.values()].map((c) => c.uuid));
  for (const c of configs.dashboards.values()) for (const uuid of layoutChartUuids(layoutOf(c))) charts.add(uuid);
  const dashboards = [...configs.dashboards.values()].map((c) => c.uuid);
  return { databases: [...databases], datasets: [...datasets], charts: [...charts], dashboards };
}

/** Files of one folder, the second of two files with the same uuid reported. */
function unique<C extends { uuid: string }>(files: Map<string, C>, errors: FileErrors): [string, C][] {
  const seen = new Set<string>();
  const out: [string, C][] = [];
  for (const [file, config] of files) {
    if (seen.has(config.uuid)) addFileError(errors, file, 'Another file of the bundle has the same uuid');
    else out.push([file, config]);
    seen.add(config.uuid);
  }
  return out;
}

const hasMaskedPassword = (uri: string) => uri.includes(`:${PASSWORD_MASK}@`);

export function planImport(
  resource: BundleResource,
  configs: BundleConfigs,
  existing: Existing,
  options: { overwrite: boolean; passwords: ImportPasswords },
  errors: FileErrors,
): ImportPlan {
  const overwriting = (kind: BundleResource) => resource === kind && options.overwrite;
  const databaseFiles = unique(configs.databases, errors);
  const datasetFiles = unique(configs.datasets, errors);
  const chartFiles = unique(configs.charts, errors);
  const dashboardFiles = unique(configs.dashboards, errors);

  // Checks every file of the folders read, as Superset validates them all, used or not.
  for (const [file, config] of databaseFiles) {
    const password = options.passwords[file] ?? config.password ?? null;
    if (hasMaskedPassword(config.sqlalchemy_uri) && password === null && !existing.databases.has(config.uuid)) {
      addFileError(errors, file, { _schema: [PASSWORD_NEEDED_MESSAGE] });
    }
  }
  const mainFiles = { chart: chartFiles, dataset: datasetFiles, database: databaseFiles, dashboard: dashboardFiles }[resource];
  const existingOfMain = { chart: existing.charts, dataset: existing.datasets, database: existing.databases, dashboard: existing.dashboards }[resource];
  if (!options.overwrite) {
    for (const [file, config] of mainFiles) if (existingOfMain.has(config.uuid)) addFileError(errors, file, alreadyExistsMessage(resource));
  }

  // The objects the import reaches from its resource, as Superset's `_import` walks them.
  const dashboards = resource === 'dashboard' ? dashboardFiles.filter(([file, config]) => layoutUsable(file, config, errors)) : [];
  const shownCharts = new Set(dashboards.flatMap(([, c]) => layoutChartUuids(layoutOf(c))));
  const charts = resource === 'chart' ? chartFiles : chartFiles.filter(([, c]) => shownCharts.has(c.uuid));
  const filteredDatasets = dashboards.flatMap(([, c]) => nativeFilterDatasetUuids(metadataOf(c)));
  const wantedDatasets = new Set([...charts.map(([, c]) => c.dataset_uuid), ...filteredDatasets]);
  const fromCharts = resource === 'chart' || resource === 'dashboard';
  const datasets = fromCharts ? datasetFiles.filter(([, c]) => wantedDatasets.has(c.uuid)) : datasetFiles;
  const wantedDatabases = new Set(datasets.map(([, c]) => c.database_uuid));
  const databases = resource === 'database' ? databaseFiles : databaseFiles.filter(([, c]) => wantedDatabases.has(c.uuid));
  const bundleDatabases = new Set(databases.map(([, c]) => c.uuid));
  const reachedDatasets = resource === 'database' ? datasets.filter(([, c]) => bundleDatabases.has(c.database_uuid)) : datasets;

  const plan: ImportPlan = { databases: [], datasets: [], charts: [], dashboards: [], outsideDatabases: [], outsideDatasets: [], outsideCharts: [] };
  for (const [file, config] of databases) {
    const found = existing.databases.get(config.uuid) ?? null;
    const password = options.passwords[file] ?? config.password ?? null;
    plan.databases.push({ file, config, existing: found, password, write: found === null || overwriting('database') });
  }
  for (const [file, config] of reachedDatasets) {
    if (!bundleDatabases.has(config.database_uuid)) {
      const outside = existing.databases.get(config.database_uuid);
      if (!outside) {
        addFileError(errors, file, `Database ${config.database_uuid} was not found in the bundle or on this server`);
        continue;
      }
      if (!plan.outsideDatabases.includes(outside)) plan.outsideDatabases.push(outside);
    }
    const found = existing.datasets.get(config.uuid) ?? null;
    plan.datasets.push({ file, config, existing: found, write: found === null || overwriting('dataset') });
  }
  const bundleDatasets = new Set(plan.datasets.map((s) => s.config.uuid));
  for (const [file, config] of charts) {
    if (!bundleDatasets.has(config.dataset_uuid)) {
      const outside = existing.datasets.get(config.dataset_uuid);
      if (!outside) {
        addFileError(errors, file, `Dataset ${config.dataset_uuid} was not found in the bundle or on this server`);
        continue;
      }
      if (!plan.outsideDatasets.includes(outside)) plan.outsideDatasets.push(outside);
    }
    const found = existing.charts.get(config.uuid) ?? null;
    plan.charts.push({ file, config, existing: found, write: found === null || resource === 'chart' });
  }
  const bundleCharts = new Set(plan.charts.map((s) => s.config.uuid));
  for (const [file, config] of dashboards) {
    for (const uuid of layoutChartUuids(layoutOf(config))) {
      if (bundleCharts.has(uuid)) continue;
      const outside = existing.charts.get(uuid);
      if (!outside) addFileError(errors, file, `Chart ${uuid} was not found in the bundle or on this server`);
      else if (!plan.outsideCharts.includes(outside)) plan.outsideCharts.push(outside);
    }
    for (const uuid of nativeFilterDatasetUuids(metadataOf(config))) {
      if (bundleDatasets.has(uuid)) continue;
      const outside = existing.datasets.get(uuid);
      if (!outside) addFileError(errors, file, `Dataset ${uuid} was not found in the bundle or on this server`);
      else if (!plan.outsideDatasets.includes(outside)) plan.outsideDatasets.push(outside);
    }
    plan.dashboards.push({ file, config, existing: existing.dashboards.get(config.uuid) ?? null });
  }
  return plan;
}

/** A dashboard whose layout cannot be stored is that file's error (`{position: [reason]}`), and is not planned. */
function layoutUsable(file: string, config: BundleDashboard, errors: FileErrors): boolean {
  const problem = bundleLayoutProblem(layoutOf(config));
  if (problem) addFileError(errors, file, { position: [problem] });
  return problem === null;
}

/**
 * Names must stay unique: a database name, and a dataset's (database, schema, table) within its database.
 * `taken` are the rows already holding names in the databases concerned.
 */
export function checkNames(
  plan: ImportPlan,
  taken: { databases: ExistingDatabase[]; datasets: ExistingDataset[]; dashboards: ExistingDashboard[] },
  errors: FileErrors,
): void {
  // A slug names one dashboard (the dashboards API's rule, with its message).
  const slugOwner = new Map(taken.dashboards.flatMap((d) => (d.slug ? [[d.slug, d.uuid] as const] : [])));
  for (const step of plan.dashboards) {
    const slug = step.config.slug?.trim();
    if (!slug) continue;
    const holder = slugOwner.get(slug);
    if (holder !== undefined && holder !== step.config.uuid) addFileError(errors, step.file, { slug: ['Must be unique'] });
    slugOwner.set(slug, step.config.uuid);
  }
  const databaseOwner = new Map(taken.databases.map((d) => [d.database_name, d.uuid]));
  for (const step of plan.databases.filter((s) => s.write)) {
    const holder = databaseOwner.get(step.config.database_name);
    if (holder !== undefined && holder !== step.config.uuid) addFileError(errors, step.file, { database_name: [DUPLICATE_DATABASE_NAME_MESSAGE] });
    databaseOwner.set(step.config.database_name, step.config.uuid);
  }
  const key = (database: string, schema: string | null | undefined, table: string) => JSON.stringify([database, schema ?? null, table]);
  const uuidOfDatabaseId = new Map<number, string>();
  for (const d of [...plan.databases.flatMap((s) => (s.existing ? [s.existing] : [])), ...plan.outsideDatabases]) uuidOfDatabaseId.set(d.id, d.uuid);
  const datasetOwner = new Map<string, string>();
  for (const d of taken.datasets) {
    const databaseUuid = uuidOfDatabaseId.get(d.database_id);
    if (databaseUuid) datasetOwner.set(key(databaseUuid, d.schema, d.table_name), d.uuid);
  }
  for (const step of plan.datasets.filter((s) => s.write)) {
    const k = key(step.config.database_uuid, step.config.schema, step.config.table_name);
    const holder = datasetOwner.get(k);
    if (holder !== undefined && holder !== step.config.uuid) addFileError(errors, step.file, { table_name: [`Dataset ${step.config.table_name} already exists`] });
    datasetOwner.set(k, step.config.uuid);
  }
}
