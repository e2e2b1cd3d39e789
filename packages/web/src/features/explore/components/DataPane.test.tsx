import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GENERIC_DATA_TYPE, type ChartDataResult } from '@tessera/core';
import { installFetchMock } from '../../../test/mocks/fetchMock';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { FLIGHTS_DATASOURCE } from '../../../test/fixtures/exploreDatasource';
import { DataPane } from './DataPane';

const { TEMPORAL, STRING, NUMERIC } = GENERIC_DATA_TYPE;
// 1965-01-01 and 2024-03-05 13:04:05 UTC, as the answer carries them: epoch milliseconds.
const rows = [
  { ds: -157766400000, airline: 'AA', count: 2 },
  { ds: 1709643845000, airline: 'UA', count: 3 },
];
const answer = { status: 'success', error: null, colnames: ['ds', 'airline', 'count'], coltypes: [TEMPORAL, STRING, NUMERIC], data: rows, rowcount: 2 } as unknown as ChartDataResult;

const openPane = () => fireEvent.click(screen.getByText('Data'));
const cellsOf = (table: HTMLElement, column: number) => [...table.querySelectorAll('tbody tr:not([aria-hidden])')].map((row) => row.querySelectorAll('td')[column]?.textContent);

describe('DataPane', () => {
  it('shows temporal columns of the results as UTC date-times, other columns as they come', async () => {
    installFetchMock();
    renderWithProviders(<DataPane datasource={FLIGHTS_DATASOURCE} queriesResponse={[answer]} />);
    openPane();
    const table = await screen.findByText('2 rows').then((count) => count.closest('[data-test="results-table"]') as HTMLElement);
    expect(cellsOf(table, 0)).toEqual(['1965-01-01 00:00:00', '2024-03-05 13:04:05']);
    expect(cellsOf(table, 1)).toEqual(['AA', 'UA']);
    expect(cellsOf(table, 2)).toEqual(['2', '3']);
  });

  it('shows temporal columns of the samples as UTC date-times', async () => {
    const mock = installFetchMock();
    mock.on('POST', '/datasource/samples', { body: { result: { colnames: ['ds', 'airline', 'count'], coltypes: [TEMPORAL, STRING, NUMERIC], data: [...rows, { ds: null, airline: 'DL', count: 1 }] } } });
    renderWithProviders(<DataPane datasource={FLIGHTS_DATASOURCE} queriesResponse={null} />);
    openPane();
    fireEvent.click(screen.getByRole('tab', { name: 'Samples' }));
    const table = (await screen.findByText('3 rows')).closest('[data-test="samples-table"]') as HTMLElement;
    expect(cellsOf(table, 0)).toEqual(['1965-01-01 00:00:00', '2024-03-05 13:04:05', 'N/A']);
    expect(within(table).getByText('DL')).toBeTruthy();
  });
  it("does not show the last run's rows as results while a run goes on, or after it was stopped or failed", async () => {
    installFetchMock();
    const view = renderWithProviders(<DataPane datasource={FLIGHTS_DATASOURCE} queriesResponse={[answer]} chartStatus="stopped" />);
    openPane();
    expect(await screen.findByText('The query was stopped: run it again to display results')).toBeTruthy();
    expect(document.querySelector('[data-test="results-table"]')).toBeNull();
    view.rerender(<DataPane datasource={FLIGHTS_DATASOURCE} queriesResponse={[answer]} chartStatus="failed" />);
    expect(await screen.findByText('The query failed: no results to display')).toBeTruthy();
    view.rerender(<DataPane datasource={FLIGHTS_DATASOURCE} queriesResponse={[answer]} chartStatus="loading" />);
    expect(document.querySelector('[data-test="results-loading"]')).not.toBeNull();
    view.rerender(<DataPane datasource={FLIGHTS_DATASOURCE} queriesResponse={[answer]} chartStatus="rendered" />);
    expect(await screen.findByText('2 rows')).toBeTruthy();
  });
});
