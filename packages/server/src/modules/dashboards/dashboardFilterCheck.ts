import {
  errorEntry,
  normalizeNativeFilter,
  validateNativeFilterConfig,
  type DashboardLayout,
  type NativeFilterConfig,
  type NativeFilterErrors,
  type Principal,
} from '@tessera/core';
import { ApiError } from '../../app/httpErrors.js';
import type { DatasetsService } from '../datasets/datasets.service.js';

/** What the save checks need of the datasets module (its service, never its repository). */
export type FilterDatasets = Pick<DatasetsService, 'findVisible' | 'show'>;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The parsed layout of a position_json text, or null when there is none (scopes then stay as sent). */
export function layoutOf(text: string | null | undefined): DashboardLayout | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) && isRecord(parsed.ROOT_ID) ? (parsed as DashboardLayout) : null;
  } catch {
    return null;
  }
}

/**
 * 400 with every reason: `message.native_filter_configuration` lists them as text (FAB's field shape, as the
 * module's other 400s), and the error entry carries the field errors by filter id for the config modal.
 */
function invalidFilters(reasons: string[], fieldErrors: NativeFilterErrors): ApiError {
  return new ApiError(400, {
    message: { native_filter_configuration: reasons },
    errors: [errorEntry('INVALID_PAYLOAD_SCHEMA_ERROR', reasons[0], { filter_errors: fieldErrors })],
  });
}

const label = (f: NativeFilterConfig) => (f.type === 'DIVIDER' ? `Divider "${f.title ?? f.id}"` : `Filter "${f.name?.trim() || f.id}"`);

/**
 * The filters to store: trimmed (spec §5), then checked with core's rules and against the metadata store (each
 * target dataset exists and the caller may read it, each target column is one of its columns). Only filters that
 * are new or differ from `stored` are checked (a filter only losing a deleted parent is not), so a save does not fail on a filter nobody touched (one whose
 * dataset was deleted since, say). Throws 400 naming every problem.
 */
export async function checkedNativeFilters(
  principal: Principal,
  filters: readonly NativeFilterConfig[],
  stored: readonly NativeFilterConfig[],
  datasets: FilterDatasets | null,
): Promise<NativeFilterConfig[]> {
  // A deleted filter leaves its children's parents, as Superset's config modal cleans them on save.
  const kept = new Set(filters.map((f) => f.id));
  const deleted = new Set(stored.map((f) => f.id).filter((id) => !kept.has(id)));
  const next = filters.map((f) => {
    const parents = Array.isArray(f.cascadeParentIds) ? f.cascadeParentIds : null;
    const cleaned = parents?.some((p) => deleted.has(p)) ? { ...f, cascadeParentIds: parents.filter((p) => !deleted.has(p)) } : f;
    return normalizeNativeFilter(cleaned);
  });
  // Charts and tabs in scope follow the layout (filled below), so moving charts does not make a filter "changed".
  const definition = ({ chartsInScope: _charts, tabsInScope: _tabs, ...rest }: NativeFilterConfig) => JSON.stringify(rest);
  const before = new Map(stored.map((f) => [f.id, definition(normalizeNativeFilter(f))]));
  const changed = new Set(next.filter((f) => before.get(f.id) !== definition(f)).map((f) => f.id));
  const fieldErrors: NativeFilterErrors = {};
  for (const [id, fields] of Object.entries(validateNativeFilterConfig(next))) if (changed.has(id)) fieldErrors[id] = fields;

  if (datasets) {
    const columnsByDataset = new Map<number, { name: string; columns: Set<string> } | null>();
    for (const f of next) {
      const target = f.type === 'NATIVE_FILTER' && changed.has(f.id) && Array.isArray(f.targets) ? f.targets[0] : undefined;
      if (typeof target?.datasetId !== 'number') continue;
      const datasetId = target.datasetId;
      if (!columnsByDataset.has(datasetId)) {
        // A dataset the caller cannot read answers as one that does not exist: its name is not theirs to learn.
        const visible = await datasets.findVisible(principal, datasetId);
        const shown = visible ? await datasets.show(principal, datasetId) : null;
        columnsByDataset.set(datasetId, shown ? { name: shown.table_name, columns: new Set(shown.columns.map((c) => c.column_name)) } : null);
      }
      const dataset = columnsByDataset.get(datasetId);
      const errors = (fieldErrors[f.id] ??= {});
      if (!dataset) {
        errors.dataset ??= `Dataset ${datasetId} does not exist`;
        continue;
      }
      const column = target.column?.name;
      if (typeof column === 'string' && column.trim() !== '' && !dataset.columns.has(column)) {
        errors.column ??= `Column "${column}" does not exist in dataset ${dataset.name}`;
      }
    }
  }

  const byId = new Map(next.map((f) => [f.id, f]));
  const reasons = Object.entries(fieldErrors).flatMap(([id, fields]) => Object.values(fields).map((message) => `${label(byId.get(id)!)}: ${message}`));
  if (reasons.length > 0) {
    throw invalidFilters(
      reasons,
      Object.fromEntries(Object.entries(fieldErrors).filter(([, fields]) => Object.keys(fields).length > 0)),
    );
  }
  return next;
}
