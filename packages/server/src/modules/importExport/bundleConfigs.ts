import {
  BUNDLE_TYPES,
  BUNDLE_VERSION,
  METADATA_FILE,
  bundleChartSchema,
  bundleDashboardSchema,
  bundleDatabaseSchema,
  bundleDatasetSchema,
  bundleMetadataSchema,
  type BundleChart,
  type BundleDashboard,
  type BundleDatabase,
  type BundleDataset,
  type BundleResource,
} from '@tessera/core';
import type { z } from 'zod';
import { fieldErrors } from '../../app/validate.js';
import { addFileError, bundleUnusable, type FileErrors } from './importErrors.js';
import { parseYamlText } from './yamlText.js';

/** The object files of a bundle, validated, by file name. */
export interface BundleConfigs {
  databases: Map<string, BundleDatabase>;
  datasets: Map<string, BundleDataset>;
  charts: Map<string, BundleChart>;
  dashboards: Map<string, BundleDashboard>;
}

const NO_COMMAND = 'Could not find a valid command to import file';

/** Which folders an import of each resource reads (Superset's `schemas` per import command). */
const READS: Readonly<Record<BundleResource, readonly ('databases' | 'datasets' | 'charts' | 'dashboards')[]>> = {
  chart: ['charts', 'datasets', 'databases'],
  dataset: ['datasets', 'databases'],
  database: ['databases', 'datasets'],
  dashboard: ['dashboards', 'charts', 'datasets', 'databases'],
};

function parsed<S extends z.ZodType>(schema: S, file: string, text: string, errors: FileErrors): z.infer<S> | null {
  const yaml = parseYamlText(text);
  if (!yaml.ok) {
    addFileError(errors, file, 'Not a valid YAML file');
    return null;
  }
  const result = schema.safeParse(yaml.value);
  if (!result.success) {
    addFileError(errors, file, fieldErrors(result.error));
    return null;
  }
  return result.data;
}

/**
 * `metadata.yaml` must be there with version 1.0.0 (else the upload is not a bundle this server reads: 422);
 * a `type` naming another resource (a dashboard bundle sent to the chart import) is a file error.
 */
export function checkMetadata(files: ReadonlyMap<string, string>, resource: BundleResource, errors: FileErrors): void {
  const text = files.get(METADATA_FILE);
  if (text === undefined) throw bundleUnusable(NO_COMMAND, { [METADATA_FILE]: `Missing ${METADATA_FILE}` });
  const yaml = parseYamlText(text);
  if (!yaml.ok) {
    addFileError(errors, METADATA_FILE, 'Not a valid YAML file');
    return;
  }
  const result = bundleMetadataSchema.safeParse(yaml.value);
  if (!result.success) {
    const problems = fieldErrors(result.error);
    if ('version' in problems || '_schema' in problems) throw bundleUnusable(NO_COMMAND, { [METADATA_FILE]: problems });
    addFileError(errors, METADATA_FILE, problems);
    return;
  }
  if (result.data.version !== BUNDLE_VERSION) {
    throw bundleUnusable(NO_COMMAND, { [METADATA_FILE]: { version: [`Must be equal to ${BUNDLE_VERSION}.`] } });
  }
  const expected = BUNDLE_TYPES[resource];
  if (result.data.type !== undefined && result.data.type !== expected) {
    addFileError(errors, METADATA_FILE, { type: [`Must be equal to ${expected}.`] });
  }
}

/** Every object file the import reads, validated; files of other folders (themes/, tags, ...) are ignored. */
export function loadConfigs(files: ReadonlyMap<string, string>, resource: BundleResource, errors: FileErrors): BundleConfigs {
  const configs: BundleConfigs = { databases: new Map(), datasets: new Map(), charts: new Map(), dashboards: new Map() };
  const reads = READS[resource];
  for (const [file, text] of files) {
    const folder = file.split('/')[0];
    if (folder === 'databases' && reads.includes('databases')) {
      const config = parsed(bundleDatabaseSchema, file, text, errors);
      if (config) configs.databases.set(file, config);
    } else if (folder === 'datasets' && reads.includes('datasets')) {
      const config = parsed(bundleDatasetSchema, file, text, errors);
      if (config) configs.datasets.set(file, config);
    } else if (folder === 'charts' && reads.includes('charts')) {
      const config = parsed(bundleChartSchema, file, text, errors);
      if (config) configs.charts.set(file, config);
    } else if (folder === 'dashboards' && reads.includes('dashboards')) {
      const config = parsed(bundleDashboardSchema, file, text, errors);
      if (config) configs.dashboards.set(file, config);
    }
  }
  return configs;
}
