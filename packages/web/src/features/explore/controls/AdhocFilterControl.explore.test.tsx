import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FLIGHTS_DATASOURCE } from '../../../test/fixtures/exploreDatasource';
import { installFetchMock, type FetchMock } from '../../../test/mocks/fetchMock';
import { mockLoggedIn } from '../../../test/mocks/meMocks';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ExploreView } from '../components/ExploreView';

/** The explorer with the real chart plugins, on the flights dataset (time column ds). */
function open(formData: Record<string, unknown>, slice: { slice_id: number; slice_name: string } | null = null): FetchMock {
  const mock = installFetchMock();
  mockLoggedIn(mock);
  mock.on('GET', '/api/v1/explore/', {
    body: { result: { form_data: { datasource: '1__table', ...formData }, dataset: FLIGHTS_DATASOURCE, slice, message: null, can_add: true, can_download: true, can_overwrite: true } },
  });
  mock.on('POST', '/api/v1/chart/data', { body: { result: [{ status: 'success', error: null, data: [], colnames: [], coltypes: [], rowcount: 0 }] } });
  mock.on('GET', '/api/v1/chart/favorite_status/', { body: { result: [] } });
  renderWithProviders(<ExploreView />, { route: slice ? `/explore/?slice_id=${slice.slice_id}` : '/explore/?datasource_type=table&datasource_id=1' });
  return mock;
}

const chips = () => [...document.querySelectorAll('[data-test="filter-chip"]')].map((chip) => chip.textContent);

describe('the explorer’s time range', { timeout: 60_000 }, () => {
  it('a new line chart starts with the time range filter on the dataset time column', async () => {
    open({ viz_type: 'echarts_timeseries_line' });
    await waitFor(() => expect(chips()).toEqual(['ds (No filter)']));
  });

  it('a pie chart with a range but no Time column filters on the main datetime column', async () => {
    const mock = open({ viz_type: 'pie', metric: 'count', groupby: ['airline'], adhoc_filters: [], time_range: 'Last week', granularity_sqla: null }, { slice_id: 3, slice_name: 'Pie' });
    await waitFor(() => expect(mock.callsTo('POST', '/api/v1/chart/data')).toHaveLength(1));
    const body = mock.callsTo('POST', '/api/v1/chart/data')[0]?.body as { queries: { filters: unknown[]; granularity?: string }[] };
    expect(body.queries[0]?.granularity).toBe('ds');
    expect(body.queries[0]?.filters).toContainEqual({ col: 'ds', op: 'TEMPORAL_RANGE', val: 'Last week' });
    fireEvent.click(screen.getByText('Time', { exact: true }));
    await waitFor(() => expect(document.querySelector('[data-test="control-granularity_sqla"]')?.textContent).toContain('ds'));
  });
});
