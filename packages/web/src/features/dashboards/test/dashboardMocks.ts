import rison from 'rison';
import type { DashboardListItem } from '@tessera/core';
import { listResponse } from '../../../test/mocks/factories';
import type { FetchMock } from '../../../test/mocks/fetchMock';

const ADA = { id: 1, first_name: 'Ada', last_name: 'Admin' };

export function createMockDashboard(overrides: Partial<DashboardListItem> = {}): DashboardListItem {
  return {
    id: 1,
    uuid: '00000000-0000-4000-8000-000000000201',
    slug: null,
    url: '/superset/dashboard/1/',
    dashboard_title: 'Births',
    thumbnail_url: null,
    published: true,
    status: 'published',
    certified_by: null,
    certification_details: null,
    changed_by_name: 'Ada Admin',
    changed_by: ADA,
    changed_on: '2026-11-20T10:00:00.000000',
    changed_on_utc: '2026-11-20T10:00:00.000000+0000',
    changed_on_delta_humanized: '2 days ago',
    created_by: ADA,
    created_on_delta_humanized: '3 days ago',
    owners: [ADA],
    roles: [],
    tags: [],
    is_managed_externally: false,
    ...overrides,
  };
}

/** The dashboard endpoints the list calls, over an in-memory list (the list ignores filters; tests read the recorded `q`). */
export function mockDashboards(mock: FetchMock, dashboards: DashboardListItem[], starred: number[] = []): void {
  const stars = new Set(starred);
  mock.on('GET', '/api/v1/dashboard/', { body: listResponse(dashboards) });
  mock.on('GET', '/api/v1/dashboard/related/owners', { body: { count: 2, result: [{ value: 1, text: 'Ada Admin' }, { value: 2, text: 'Bob Builder' }] } });
  mock.on('GET', '/api/v1/dashboard/related/changed_by', { body: { count: 1, result: [{ value: 2, text: 'Bob Builder' }] } });
  mock.on('GET', '/api/v1/dashboard/favorite_status/', (call) => ({
    body: { result: rison.decode<number[]>(call.query.get('q') ?? '!()').map((id) => ({ id, value: stars.has(id) })) },
  }));
  mock.on('POST', /^\/api\/v1\/dashboard\/\d+\/favorites\/$/, (call) => {
    stars.add(Number(call.path.split('/')[4]));
    return { body: { result: 'OK' } };
  });
  mock.on('DELETE', /^\/api\/v1\/dashboard\/\d+\/favorites\/$/, (call) => {
    stars.delete(Number(call.path.split('/')[4]));
    return { body: { result: 'OK' } };
  });
  mock.on('DELETE', /^\/api\/v1\/dashboard\/\d+$/, { body: { message: 'OK' } });
  mock.on('DELETE', '/api/v1/dashboard/', (call) => {
    const ids = rison.decode<number[]>(call.query.get('q') ?? '!()');
    return { body: { message: `Deleted ${ids.length} dashboards` } };
  });
  mock.on('POST', '/api/v1/dashboard/', (call) => ({ status: 201, body: { id: 42, result: call.body } }));
}
