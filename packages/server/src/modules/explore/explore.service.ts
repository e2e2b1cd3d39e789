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
import { FormDataStore, type FormDataContext, type StoredFormData } from './formDataStore.js';
import { missingDataset, stateChartId, withUrlParams } from './exploreForm.js';
import type { QueryDatasources } from './queryDatasource.js';

/** Datasource types that name a dataset (Superset's SqlaTable) here. */
const TABLE_TYPES: readonly DatasourceType[] = ['table', 'dataset', 'sl_table'];
const isQueryType = (type: string): type is 'query' | 'saved_query' => type === 'query' || type === 'saved_query';

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
  private readonly formData: FormDataStore;

  constructor(
    private readonly datasets: DatasetsService,
    private readonly charts: ChartsService,
    private readonly kv: KeyValueService,
    private readonly queries: QueryDatasources,
  ) {
    this.formData = new FormDataStore(kv);
  }

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

  /**
   * `urlArgs` is the address's whole query string: Superset hands it to the chart as `form_data.url_params`
   * (what Jinja's `url_param()` reads), over the url params a permalink kept.
   */
  async bootstrap(principal: Principal, q: ExploreQuery, urlArgs: Record<string, unknown> = {}): Promise<ExploreResult> {
    let formData: Record<string, unknown> | null = null;
    let message: string | null = null;
    let datasource: { id: number; type: string } | null =
      q.datasource_id !== undefined ? { id: q.datasource_id, type: q.datasource_type ?? 'table' } : null;

    if (q.permalink_key) {
      const value = await this.getPermalink(principal, q.permalink_key);
      formData = { ...value.state.formData };
      if (value.state.urlParams?.length) formData.url_params = Object.fromEntries(value.state.urlParams);
      datasource = { id: value.datasourceId, type: value.datasourceType };
    } else if (q.form_data_key) {
      const stored = await this.formData.read(q.form_data_key);
      if (stored) {
        formData = objectOf(stored.form_data);
        datasource = { id: stored.datasource_id, type: stored.datasource_type };
      } else if (q.slice_id !== undefined) {
        message = 'Form data not found in cache, reverting to chart metadata.';
      } else if (q.datasource_id !== undefined) {
        message = 'Form data not found in cache, reverting to dataset metadata.';
      }
    }
    // As Superset's get_form_data: the state's own slice_id names the chart, else the address's.
    const chartId = stateChartId(formData) ?? q.slice_id ?? null;

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

    let dataset: ExploreResult['dataset'] = missingDataset(datasource?.type);
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
      // Superset names an unknown datasource `None__table`; clients read it as "no dataset".
      datasource: datasource ? `${datasource.id}__${TABLE_TYPES.includes(datasource.type as DatasourceType) ? 'table' : datasource.type}` : 'None__table',
      viz_type: q.viz_type || (formData?.viz_type ?? slice?.viz_type ?? CHART_CONSTANTS.DEFAULT_VIZ_TYPE),
    };
    if (chartId !== null) form.slice_id = chartId;
    return { form_data: withUrlParams(form, urlArgs), dataset, slice, message, ...chartPermissions(principal, owners) };
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

  private contextOf(principal: Principal, input: ExploreFormDataCreate | StoredFormData, tabId: string | null): FormDataContext {
    return { owner: principal.id, tabId, datasource_id: input.datasource_id, datasource_type: input.datasource_type, chart_id: input.chart_id || null };
  }

  private stateOf(principal: Principal, input: ExploreFormDataCreate): StoredFormData {
    return { owner: principal.id, datasource_id: input.datasource_id, datasource_type: input.datasource_type, chart_id: input.chart_id ?? null, form_data: input.form_data };
  }

  /**
   * Superset's contextual key: within one browser tab (`tab_id`), the same user editing the same chart or
   * dataset keeps one key, so storing again overwrites it instead of piling up keys; without a tab every
   * store gets a new key. Keys already handed out stay readable until they expire.
   */
  private async store(principal: Principal, input: ExploreFormDataCreate, tabId: string | null): Promise<string> {
    const ctx = this.contextOf(principal, input, tabId);
    const key = await this.formData.write(this.stateOf(principal, input), await this.formData.contextKey(ctx));
    await this.formData.rememberContextKey(ctx, key);
    return key;
  }

  async createFormData(principal: Principal, input: ExploreFormDataCreate, tabId: string | null = null): Promise<string> {
    await this.checkAccess(principal, { id: input.datasource_id, type: input.datasource_type }, input.chart_id || null);
    return this.store(principal, input, tabId);
  }

  async getFormData(principal: Principal, key: string): Promise<string> {
    const stored = await this.formData.read(key);
    if (!stored) throw notFound();
    await this.checkAccess(principal, { id: stored.datasource_id, type: stored.datasource_type }, stored.chart_id ?? null);
    await this.formData.touch(key, stored);
    return stored.form_data;
  }

  /**
   * The new state's datasource and chart are checked first (404 / 403 as for a create), then the key: only
   * the one who cached it may store over it. The answer is the key to use from now on.
   */
  async updateFormData(principal: Principal, key: string, input: ExploreFormDataCreate, tabId: string | null = null): Promise<string> {
    await this.checkAccess(principal, { id: input.datasource_id, type: input.datasource_type }, input.chart_id || null);
    const stored = await this.formData.read(key);
    if (!stored) throw notFound();
    if (stored.owner !== principal.id) throw forbidden();
    return this.store(principal, input, tabId);
  }

  /** Access to the state's datasource and chart comes before ownership, as Superset checks them. */
  async deleteFormData(principal: Principal, key: string, tabId: string | null = null): Promise<void> {
    const stored = await this.formData.read(key);
    if (!stored) throw notFound();
    await this.checkAccess(principal, { id: stored.datasource_id, type: stored.datasource_type }, stored.chart_id ?? null);
    if (stored.owner !== principal.id) throw forbidden();
    await this.formData.forgetContext(this.contextOf(principal, stored, tabId));
    await this.formData.delete(key);
  }
}
