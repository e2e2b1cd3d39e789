import rison from 'rison';
import type { DatasetListItem, DatasetShow } from '@tessera/core';
import { listResponse } from '../../../test/mocks/factories';
import type { FetchMock } from '../../../test/mocks/fetchMock';

const ADA = { id: 1, first_name: 'Ada', last_name: 'Admin' };

export function createMockDatasetShow(overrides: Partial<DatasetShow> = {}): DatasetShow {
  return {
    id: 3,
    uuid: '00000000-0000-4000-8000-000000000003',
    database: { id: 1, database_name: 'examples', backend: 'duckdb' },
    datasource_name: 'flights',
    table_name: 'flights',
    sql: null,
    catalog: null,
    schema: 'main',
    description: null,
    main_dttm_col: 'ds',
    filter_select_enabled: true,
    fetch_values_predicate: null,
    normalize_columns: false,
    always_filter_main_dttm: false,
    offset: 0,
    default_endpoint: null,
    cache_timeout: null,
    is_sqllab_view: false,
    is_managed_externally: false,
    external_url: null,
    template_params: null,
    select_star: 'SELECT * FROM main.flights LIMIT 100',
    owners: [ADA],
    columns: [
      { id: 10, uuid: 'c10', column_name: 'ds', type: 'DATE', type_generic: 2, is_dttm: true, groupby: true, filterable: true, expression: null, verbose_name: null, description: null, python_date_format: null, advanced_data_type: null, is_active: true, extra: null },
      { id: 11, uuid: 'c11', column_name: 'airline', type: 'VARCHAR', type_generic: 1, is_dttm: false, groupby: true, filterable: true, expression: null, verbose_name: null, description: null, python_date_format: null, advanced_data_type: null, is_active: true, extra: null },
      { id: 12, uuid: 'c12', column_name: 'delayed', type: 'BOOLEAN', type_generic: 3, is_dttm: false, groupby: true, filterable: true, expression: "delay > 15", verbose_name: 'Delayed', description: null, python_date_format: null, advanced_data_type: null, is_active: true, extra: null },
    ],
    metrics: [
      { id: 20, uuid: 'm20', metric_name: 'count', expression: 'COUNT(*)', metric_type: 'count', verbose_name: 'COUNT(*)', d3format: null, currency: null, description: null, warning_text: null, extra: null },
    ],
    datasource_type: 'table',
    url: '/tablemodelview/edit/3',
    extra: null,
    kind: 'physical',
    created_on: '2026-11-20T10:00:00',
    changed_on: '2026-11-20T10:00:00',
    changed_on_humanized: '2 days ago',
    created_on_humanized: '2 days ago',
    created_by: ADA,
    changed_by: ADA,
    name: 'main.flights',
    uid: '3__table',
    verbose_map: { __timestamp: 'Time', ds: 'ds', airline: 'airline', delayed: 'Delayed', count: 'COUNT(*)' },
    column_formats: {},
    currency_formats: {},
    order_by_choices: [],
    time_grain_sqla: [],
    granularity_sqla: [['ds', 'ds']],
    folders: null,
    ...overrides,
  };
}

export function createMockDatasetListItem(overrides: Partial<DatasetListItem> = {}): DatasetListItem {
  return {
    id: 3,
    uuid: '00000000-0000-4000-8000-000000000003',
    table_name: 'flights',
    datasource_name: 'flights',
    catalog: null,
    schema: 'main',
    sql: null,
    kind: 'physical',
    database: { id: 1, database_name: 'examples' },
    datasource_type: 'table',
    explore_url: '/explore/?datasource_type=table&datasource_id=3',
    description: null,
    extra: null,
    owners: [ADA],
    changed_on_utc: '2026-11-20T10:00:00.000000+0000',
    changed_on_delta_humanized: '2 days ago',
    changed_by: ADA,
    changed_by_name: 'Ada Admin',
    default_endpoint: null,
    is_managed_externally: false,
    ...overrides,
  };
}

/** The dataset endpoints over in-memory lists (the list ignores filters; tests read the recorded `q`). */
export function mockDatasets(mock: FetchMock, list: DatasetListItem[], shows: DatasetShow[] = []): void {
  mock.on('GET', '/api/v1/dataset/', { body: listResponse(list) });
  mock.on('GET', '/api/v1/dataset/related/database', { body: { count: 1, result: [{ value: 1, text: 'examples' }] } });
  mock.on('GET', '/api/v1/dataset/related/owners', { body: { count: 1, result: [{ value: 1, text: 'Ada Admin' }] } });
  mock.on('GET', '/api/v1/dataset/distinct/schema', { body: { count: 1, result: [{ value: 'main', text: 'main' }] } });
  for (const show of shows) {
    mock.on('GET', `/api/v1/dataset/${show.id}`, { body: { id: show.id, result: show } });
    mock.on('GET', `/api/v1/dataset/${show.id}/related_objects`, { body: { charts: { count: 2, result: [] }, dashboards: { count: 1, result: [] } } });
  }
  mock.on('PUT', /^\/api\/v1\/dataset\/\d+$/, (call) => ({ body: { id: Number(call.path.split('/').pop()), result: call.body } }));
  mock.on('PUT', /^\/api\/v1\/dataset\/\d+\/refresh$/, { body: { message: 'OK' } });
  mock.on('DELETE', /^\/api\/v1\/dataset\/\d+$/, { body: { message: 'OK' } });
  mock.on('DELETE', '/api/v1/dataset/', (call) => ({ body: { message: `Deleted ${rison.decode<number[]>(call.query.get('q') ?? '!()').length} datasets` } }));
  mock.on('POST', '/api/v1/dataset/', (call) => ({ status: 201, body: { id: 42, result: call.body } }));
  mock.on('POST', '/api/v1/dataset/duplicate', (call) => ({ status: 201, body: { id: 43, result: call.body } }));
}
