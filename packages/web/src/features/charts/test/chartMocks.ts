import rison from 'rison';
import type { ChartListItem, ChartShow } from '../../../api/chartApi';
import { listResponse } from '../../../test/mocks/factories';
import type { FetchMock } from '../../../test/mocks/fetchMock';

const ADA = { id: 1, first_name: 'Ada', last_name: 'Admin' };

export function createMockChart(overrides: Partial<ChartListItem> = {}): ChartListItem {
  return {
    id: 1,
    uuid: '00000000-0000-4000-8000-000000000101',
    slice_name: 'Births by gender',
    description: null,
    viz_type: 'pie',
    params: '{"viz_type":"pie"}',
    query_context: null,
    description_markeddown: '',
    cache_timeout: null,
    certified_by: null,
    certification_details: null,
    changed_on_delta_humanized: '2 days ago',
    dashboards: [],
    owners: [ADA],
    thumbnail_url: null,
    url: '/explore/?slice_id=1',
    edit_url: '/chart/edit/1',
    form_data: { viz_type: 'pie' },
    table: { table_name: 'birth_names', default_endpoint: null },
    is_managed_externally: false,
    changed_by: ADA,
    changed_by_name: 'Ada Admin',
    changed_on_utc: '2026-11-20T10:00:00.000000+0000',
    changed_on_dttm: 1795168800000,
    created_by: ADA,
    created_by_name: 'Ada Admin',
    created_on_delta_humanized: '3 days ago',
    tags: [],
    datasource_id: 3,
    datasource_type: 'table',
    datasource_name_text: 'main.birth_names',
    datasource_url: '/explore/?datasource_type=table&datasource_id=3',
    last_saved_at: null,
    last_saved_by: null,
    slice_url: '/explore/?slice_id=1',
    ...overrides,
  };
}

/** The chart endpoints over an in-memory list (the list ignores filters; tests read the recorded `q`). */
export function mockCharts(mock: FetchMock, charts: ChartListItem[], starred: number[] = []): void {
  const stars = new Set(starred);
  mock.on('GET', '/api/v1/chart/', { body: listResponse(charts) });
  mock.on('GET', '/api/v1/chart/related/owners', { body: { count: 2, result: [{ value: 1, text: 'Ada Admin' }, { value: 2, text: 'Bob Builder' }] } });
  mock.on('GET', '/api/v1/chart/distinct/viz_type', { body: { count: 2, result: [{ value: 'pie', text: 'pie' }, { value: 'table', text: 'table' }] } });
  mock.on('GET', '/api/v1/dataset/', { body: listResponse([]) });
  mock.on('GET', '/api/v1/chart/related/changed_by', { body: { count: 1, result: [{ value: 2, text: 'Bob Builder' }] } });
  mock.on('GET', '/api/v1/chart/related/dashboards', { body: { count: 1, result: [{ value: 7, text: 'Births' }] } });
  mock.on('GET', '/api/v1/chart/favorite_status/', (call) => ({
    body: { result: rison.decode<number[]>(call.query.get('q') ?? '!()').map((id) => ({ id, value: stars.has(id) })) },
  }));
  mock.on('POST', /^\/api\/v1\/chart\/\d+\/favorites\/$/, (call) => {
    stars.add(Number(call.path.split('/')[4]));
    return { body: { result: 'OK' } };
  });
  mock.on('DELETE', /^\/api\/v1\/chart\/\d+\/favorites\/$/, (call) => {
    stars.delete(Number(call.path.split('/')[4]));
    return { body: { result: 'OK' } };
  });
  for (const chart of charts) {
    const show: ChartShow = {
      id: chart.id,
      uuid: chart.uuid,
      slice_name: chart.slice_name,
      viz_type: chart.viz_type,
      params: chart.params,
      query_context: chart.query_context,
      description: chart.description,
      cache_timeout: chart.cache_timeout,
      certified_by: chart.certified_by,
      certification_details: chart.certification_details,
      is_managed_externally: false,
      external_url: null,
      datasource_id: chart.datasource_id,
      datasource_type: chart.datasource_type,
      url: chart.url,
      thumbnail_url: null,
      changed_on_delta_humanized: chart.changed_on_delta_humanized,
      dashboards: chart.dashboards.map((dashboard) => ({ ...dashboard, json_metadata: null })),
      owners: chart.owners,
      tags: [],
      can_add: true,
      can_download: true,
      can_overwrite: true,
    };
    mock.on('GET', `/api/v1/chart/${chart.id}`, { body: { id: chart.id, result: show } });
  }
  mock.on('PUT', /^\/api\/v1\/chart\/\d+$/, (call) => ({ body: { id: Number(call.path.split('/').pop()), result: call.body } }));
  mock.on('DELETE', /^\/api\/v1\/chart\/\d+$/, { body: { message: 'OK' } });
  mock.on('DELETE', '/api/v1/chart/', (call) => {
    const ids = rison.decode<number[]>(call.query.get('q') ?? '!()');
    return { body: { message: `Deleted ${ids.length} charts` } };
  });
}
