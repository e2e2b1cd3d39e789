import { layoutChartIds, validatePositionJson } from '@tessera/core';
import { importLayout } from './dashboardLayout.js';
import { importMetadata } from './dashboardMetadata.js';
import { bundleInvalid } from './importErrors.js';
import type { DashboardStep } from './importPlan.js';

export interface ImportedDashboardTexts {
  position_json: string | null;
  json_metadata: string | null;
  /** The charts the stored layout shows: the dashboard's `dashboard_slices`. */
  chartIds: number[];
}

/**
 * A bundle dashboard's layout and metadata as this server stores them: chart and dataset references turned
 * into this server's ids. The planned layout was checked already; the stored text is checked again (ids may
 * make it longer, and every chart it names must now exist), and a failure here rolls the import back.
 */
export function importedDashboardTexts(
  step: DashboardStep,
  chartIds: ReadonlyMap<string, number>,
  datasetIds: ReadonlyMap<string, number>,
): ImportedDashboardTexts {
  const { layout, idMap } = importLayout(step.config.position ?? {}, chartIds);
  const known = new Set(chartIds.values());
  const position_json = step.config.position ? JSON.stringify(layout) : null;
  if (position_json !== null) {
    const problem = validatePositionJson(position_json, { chartExists: (id) => known.has(id) });
    if (problem) throw bundleInvalid('dashboard', { [step.file]: { position: [problem] } });
  }
  const json_metadata = step.config.metadata ? JSON.stringify(importMetadata(step.config.metadata, idMap, datasetIds)) : null;
  return { position_json, json_metadata, chartIds: layoutChartIds(layout) };
}
