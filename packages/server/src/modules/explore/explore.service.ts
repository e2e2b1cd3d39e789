import {
  CHART_CONSTANTS,
  parseDatasourceKey,
  type DatasourceType,
  type ExploreFormDataCreate,
  type ExplorePermalinkCreate,
  type ExplorePermalinkValue,
  type ExploreQuery,
  type ExploreResult,
  type ExploreSlice,
  type Principal,
} from '@tessera/core';
import { badRequest, catalogueError, forbidden, notFound } from '../../app/httpErrors.js';
import { chartPermissions } from '../charts/chartAccess.js';
import type { ChartsService } from '../charts/charts.service.js';
import { formDataOf, paragraphsHtml, sliceUrl } from '../charts/chartViews.js';
import { humanizeDelta } from '../databases/humanizeDelta.js';
import type { DatasetsService } from '../datasets/datasets.service.js';
import { keyFromUuid, uuidFromKey, type KeyValueService } from '../keyValue/keyValue.service.js';
import { toExploreDataset } from '../datasets/datasourceData.js';
import type { QueryDatasources } from './queryDatasource.js';

/** Cached explore state lives a week, as Superset's EXPLORE_FORM_DATA_CACHE_CONFIG default. */
const FORM_DATA_TTL_MS = 7 * 24 * 3600 * 1000;

/** Datasource types that name a dataset (Superset's SqlaTable) here. */
const TABLE_TYPES: readonly DatasourceType[] = ['table', 'dataset', 'sl_table'];
const isQueryType = (type: string): type is 'query' | 'saved_query' => type === 'query' || type === 'saved_query';

interface StoredFormData {
  owner: number | null;
  datasource_id: number;
  datasource_type: string;
  chart_id: number | null;
  form_data: string;
}

const objectOf = (text: string | null | undefined): Record<string, unknown> => {
  try {
    const v: unknown = text ? JSON.parse(text) : {};
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** Explore bootstrap, permalinks and the form-data cache (facts §2.4, §2.6). */
export class ExploreService {
  constructor(
    private readonly datasets: DatasetsService,
    private readonly charts: ChartsService,
    private readonly kv: KeyValueService,
    private readonly queries: QueryDatasources,
  ) {}

  /**
   * The datasource must be one the caller may query: a missing dataset is a 404, a hidden one a 403
   * (the catalogue's DATASOURCE_SECURITY_ACCESS_ERROR), as Superset's raise_for_access words it.
   */
  private async checkDatasource(principal: Principal, id: number, type: string): Promise<void> {
    if (isQueryType(type)) {
      await this.queries.source(principal, type, id);
      return;
    }
    if (!TABLE_TYPES.includes(type as DatasourceType)) {
      throw catalogueError(422, 'UNKNOWN_DATASOURCE_TYPE_ERROR', `Datasource type ${type} is not supported here`);
    }
    if (!(await this.datasets.readable(principal, id))) throw catalogueError(404, 'OBJECT_DOES_NOT_EXIST_ERROR', 'Dataset does not exist');
  }

  /**
   * Superset's explore check_access: the datasource, then the chart the state names (a chart outside the
   * caller's datasources is "Chart does not exist"). Permalinks and cached form data are read through it.
   */
  private async checkAccess(principal: Principal, datasource: { id: number; type: string }, chartId: number | null): Promise<void> {
    await this.checkDatasource(principal, datasource.id, datasource.type);
    if (chartId !== null) await this.chart(principal, chartId);
  }

  private async chart(principal: Principal, id: number) {
    try {
      return await this.charts.findVisible(principal, id);
    } catch {
      throw catalogueError(404, 'OBJECT_DOES_NOT_EXIST_ERROR', 'Chart does not exist');
    }
  }

  async bootstrap(principal: Principal, q: ExploreQuery): Promise<ExploreResult> {
    let formData: Record<string, unknown> | null = null;
    let message: string | null = null;
    let chartId = q.slice_id ?? null;
    let datasource: { id: number; type: string } | null =
      q.datasource_id !== undefined ? { id: q.datasource_id, type: q.datasource_type ?? 'table' } : null;

    if (q.permalink_key) {
      const value = await this.getPermalink(principal, q.permalink_key);
      formData = { ...value.state.formData };
      chartId = value.chartId ?? chartId;
      datasource = { id: value.datasourceId, type: value.datasourceType };
    } else if (q.form_data_key) {
      const stored = await this.readFormData(q.form_data_key);
      if (stored) {
        formData = objectOf(stored.form_data);
        chartId = stored.chart_id ?? chartId;
        datasource = { id: stored.datasource_id, type: stored.datasource_type };
      } else {
        message = chartId ? 'Form data not found in cache, reverting to chart metadata.' : 'Form data not found in cache, reverting to dataset metadata.';
      }
    }

    let slice: ExploreSlice | null = null;
    let owners: number[] | null = null;
    if (chartId !== null) {
      const row = await this.chart(principal, chartId);
      owners = await this.charts.ownerIds(row.id);
      const chartForm = formDataOf(row);
      formData = formData ?? chartForm;
      datasource ??= { id: row.datasource_id, type: row.datasource_type };
      const dashboards = await this.charts.show(principal, row.id).then((s) => s.dashboards.map((d) => d.id));
      const changedHumanized = humanizeDelta(row.changed_on, Date.now());
      slice = {
        slice_id: row.id,
        slice_name: row.slice_name,
        slice_url: sliceUrl(row.id),
        viz_type: row.viz_type,
        description: row.description,
        cache_timeout: row.cache_timeout,
        certified_by: row.certified_by,
        certification_details: row.certification_details,
        datasource: `${row.datasource_id}__${row.datasource_type}`,
        form_data: chartForm,
        query_context: row.query_context,
        owners,
        dashboards,
        created_by: row.created_by_fk,
        changed_on: row.changed_on,
        changed_on_humanized: changedHumanized,
        description_markeddown: paragraphsHtml(row.description),
        edit_url: `/chart/edit/${row.id}`,
        modified: `<span class="no-wrap">${changedHumanized}</span>`,
        is_managed_externally: row.is_managed_externally === 1,
      };
    }
    if (!datasource && typeof formData?.datasource === 'string') datasource = parseDatasourceKey(formData.datasource);

    let dataset: ExploreResult['dataset'] = {};
    if (datasource && isQueryType(datasource.type)) {
      dataset = await this.queries.describe(principal, datasource.type, datasource.id);
    } else if (datasource) {
      const gone = !(await this.datasets.exists(datasource.id)) && TABLE_TYPES.includes(datasource.type as DatasourceType);
      if (gone) {
        // A chart whose dataset was deleted still opens, so its owner can point it at another one.
        message = 'The dataset associated with this chart no longer exists';
      } else {
        await this.checkDatasource(principal, datasource.id, datasource.type);
        dataset = toExploreDataset(await this.datasets.show(principal, datasource.id));
      }
    }
    const form: Record<string, unknown> = {
      ...(formData ?? {}),
      datasource: datasource ? `${datasource.id}__${TABLE_TYPES.includes(datasource.type as DatasourceType) ? 'table' : datasource.type}` : (formData?.datasource ?? ''),
      viz_type: q.viz_type || (formData?.viz_type ?? slice?.viz_type ?? CHART_CONSTANTS.DEFAULT_VIZ_TYPE),
    };
    if (chartId !== null) form.slice_id = chartId;
    return { form_data: form, dataset, slice, message, ...chartPermissions(principal, owners) };
  }

  async createPermalink(principal: Principal, input: ExplorePermalinkCreate): Promise<string> {
    const key = typeof input.formData.datasource === 'string' ? parseDatasourceKey(input.formData.datasource) : null;
    if (!key) throw badRequest({ formData: ['A datasource (`<id>__<type>`) is required'] });
    const chartId = typeof input.formData.slice_id === 'number' ? input.formData.slice_id : null;
    await this.checkAccess(principal, key, chartId);
    const value: ExplorePermalinkValue = {
      chartId,
      datasourceId: key.id,
      datasourceType: key.type,
      datasource: `${key.id}__${key.type}`,
      state: { formData: input.formData, urlParams: input.urlParams ?? null },
    };
    const entry = await this.kv.put('explore_permalink', JSON.stringify(value), { createdBy: principal.id });
    return keyFromUuid(entry.uuid);
  }

  async getPermalink(principal: Principal, key: string): Promise<ExplorePermalinkValue> {
    const uuid = uuidFromKey(key);
    const entry = uuid ? await this.kv.getByUuid('explore_permalink', uuid) : null;
    if (!entry) throw notFound();
    const value = JSON.parse(entry.value) as ExplorePermalinkValue;
    await this.checkAccess(principal, { id: value.datasourceId, type: value.datasourceType }, value.chartId ?? null);
    return value;
  }

  private async readFormData(key: string): Promise<StoredFormData | null> {
    const uuid = uuidFromKey(key);
    const entry = uuid ? await this.kv.getByUuid('explore_form_data', uuid) : null;
    return entry ? (JSON.parse(entry.value) as StoredFormData) : null;
  }

  private async storeFormData(principal: Principal, input: ExploreFormDataCreate): Promise<string> {
    await this.checkAccess(principal, { id: input.datasource_id, type: input.datasource_type }, input.chart_id || null);
    const stored: StoredFormData = {
      owner: principal.id,
      datasource_id: input.datasource_id,
      datasource_type: input.datasource_type,
      chart_id: input.chart_id ?? null,
      form_data: input.form_data,
    };
    const entry = await this.kv.put('explore_form_data', JSON.stringify(stored), {
      createdBy: principal.id,
      expiresOn: new Date(Date.now() + FORM_DATA_TTL_MS),
    });
    return keyFromUuid(entry.uuid);
  }

  async createFormData(principal: Principal, input: ExploreFormDataCreate): Promise<string> {
    return this.storeFormData(principal, input);
  }

  async getFormData(principal: Principal, key: string): Promise<string> {
    const stored = await this.readFormData(key);
    if (!stored) throw notFound();
    await this.checkAccess(principal, { id: stored.datasource_id, type: stored.datasource_type }, stored.chart_id ?? null);
    return stored.form_data;
  }

  /**
   * Only the one who cached the state may change or drop it. Within one browser tab (`tab_id`) the key stays
   * the same, as Superset keeps one key per tab, so an address already holding it keeps working; without a
   * tab a change gets a fresh key and the old one is dropped.
   */
  async updateFormData(principal: Principal, key: string, input: ExploreFormDataCreate, tabId: string | null = null): Promise<string> {
    const stored = await this.readFormData(key);
    if (!stored) throw notFound();
    if (stored.owner !== principal.id) throw forbidden();
    if (stored.form_data === input.form_data && stored.datasource_id === input.datasource_id) return key;
    if (tabId !== null && tabId !== '' && tabId !== '0') {
      await this.checkAccess(principal, { id: input.datasource_id, type: input.datasource_type }, input.chart_id || null);
      const next: StoredFormData = { ...stored, datasource_id: input.datasource_id, datasource_type: input.datasource_type, chart_id: input.chart_id ?? null, form_data: input.form_data };
      if (await this.kv.replace('explore_form_data', uuidFromKey(key)!, JSON.stringify(next), new Date(Date.now() + FORM_DATA_TTL_MS))) return key;
    }
    const next = await this.storeFormData(principal, input);
    await this.kv.delete('explore_form_data', uuidFromKey(key)!);
    return next;
  }

  async deleteFormData(principal: Principal, key: string): Promise<void> {
    const stored = await this.readFormData(key);
    if (!stored) throw notFound();
    if (stored.owner !== principal.id) throw forbidden();
    await this.kv.delete('explore_form_data', uuidFromKey(key)!);
  }
}
