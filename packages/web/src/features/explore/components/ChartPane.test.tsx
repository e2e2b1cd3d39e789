import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChartDataResult } from '@tessera/core';
import { CHART_MESSAGES, initialChartRuntimeState, type ChartRuntimeState, type ChartStatus } from '../../chart/state/chartRuntimeSlice';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ExploreStateProvider } from '../state/ExploreContext';
import { initialExploreState } from '../state/exploreSlice';
import { ChartPane } from './ChartPane';

const lastAnswer = { status: 'success', error: null, colnames: ['n'], coltypes: [0], data: [], rowcount: 44, is_cached: true } as unknown as ChartDataResult;

/** A chart whose last run answered 44 cached rows, then ran again (1.3 s) and ended `status`. */
const chartState = (status: ChartStatus): ChartRuntimeState => ({
  ...initialChartRuntimeState,
  chartStatus: status,
  chartAlert: status === 'stopped' ? CHART_MESSAGES.stopped : null,
  chartUpdateStartTime: 10_000,
  chartUpdateEndTime: 11_300,
  queriesResponse: [lastAnswer],
});

const byTest = (name: string) => document.querySelector(`[data-test="${name}"]`);

const renderPane = (state: ChartRuntimeState) =>
  renderWithProviders(
    <ExploreStateProvider>
      <ChartPane chartState={state} onStatus={() => undefined} />
    </ExploreStateProvider>,
  );

describe('ChartPane header', () => {
  it('counts the rows of the answer the chart is drawn from', () => {
    renderPane(chartState('rendered'));
    expect(byTest('chart-row-count')?.textContent).toBe('44 rows');
    expect(screen.getByText('Cached')).toBeTruthy();
    expect(byTest('chart-timer')?.textContent).toBe('00:00:01.30');
  });

  it('counts the rows of the main query only, not those of the row count or totals queries: "1 row", "N rows"', () => {
    const extra = (rowcount: number) => ({ ...lastAnswer, is_cached: false, rowcount, data: [{ n: rowcount }] }) as unknown as ChartDataResult;
    const table = (main: number) => ({ ...chartState('rendered'), queriesResponse: [{ ...lastAnswer, rowcount: main }, extra(1), extra(1)] });
    const { unmount } = renderPane(table(21));
    expect(byTest('chart-row-count')?.textContent).toBe('21 rows');
    unmount();
    const one = renderPane(table(1));
    expect(byTest('chart-row-count')?.textContent).toBe('1 row');
    one.unmount();
    renderPane(table(0));
    expect(byTest('chart-row-count')?.textContent).toBe('0 rows');
  });

  it('shows large counts in the smart number format, as Superset\'s row count label does', () => {
    renderPane({ ...chartState('rendered'), queriesResponse: [{ ...lastAnswer, rowcount: 5000 }] });
    expect(byTest('chart-row-count')?.textContent).toBe('5k rows');
  });

  it("counts the rows the SQL returned, as Superset's label does, and flags a reached row limit", async () => {
    const answer = { ...lastAnswer, rowcount: 44, sql_rowcount: 88 } as unknown as ChartDataResult;
    const { unmount } = renderPane({ ...chartState('rendered'), queriesResponse: [answer] });
    expect(byTest('chart-row-count')?.textContent).toBe('88 rows');
    unmount();
    const queryFormData = { datasource: '1__table', viz_type: 'echarts_timeseries_line', row_limit: 88 };
    renderWithProviders(
      <ExploreStateProvider initialState={{ ...initialExploreState, queryFormData, formData: queryFormData }}>
        <ChartPane chartState={{ ...chartState('rendered'), queriesResponse: [answer] }} onStatus={() => undefined} />
      </ExploreStateProvider>,
    );
    expect(byTest('chart-row-count')?.className).toContain('danger');
    fireEvent.mouseEnter(byTest('chart-row-count')!);
    expect(await screen.findByText('The row limit set for the chart was reached. The chart may show partial data.')).toBeTruthy();
  });

  it('says when a cached answer was cached', async () => {
    const cachedAt = new Date(Date.now() - 5 * 60_000).toISOString().slice(0, 19);
    renderPane({ ...chartState('rendered'), queriesResponse: [{ ...lastAnswer, cached_dttm: cachedAt }] });
    fireEvent.mouseEnter(byTest('cached-label')!);
    expect(await screen.findByText('Loaded data cached 5 minutes ago. Click to force-refresh')).toBeTruthy();
  });

  it('after Stop, shows no row count nor cached tag of the previous run, and the stopped run’s time', () => {
    renderPane(chartState('stopped'));
    expect(byTest('chart-row-count')).toBeNull();
    expect(screen.queryByText('Cached')).toBeNull();
    expect(byTest('chart-timer')?.textContent).toBe('00:00:01.30');
  });
});
