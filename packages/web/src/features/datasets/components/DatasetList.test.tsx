import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import rison from 'rison';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFetchMock } from '../../../test/mocks/fetchMock';
import { createMockMe } from '../../../test/mocks/factories';
import { mockLoggedIn } from '../../../test/mocks/meMocks';
import { GAMMA_LIKE_ROLES } from '../../../test/mocks/roleMocks';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ToastContainer } from '../../toasts';
import { createMockDatasetListItem, createMockDatasetShow, mockDatasets } from '../test/datasetMocks';
import { DatasetList } from './DatasetList';

const LIST = [
  createMockDatasetListItem(),
  createMockDatasetListItem({ id: 4, table_name: 'late_flights', kind: 'virtual', sql: 'SELECT * FROM flights WHERE delay > 15' }),
];

function setup({ list = LIST, roles, me }: { list?: typeof LIST; roles?: Parameters<typeof mockLoggedIn>[1]; me?: Parameters<typeof mockLoggedIn>[2] } = {}) {
  const mock = installFetchMock();
  mockLoggedIn(mock, roles, me);
  mockDatasets(mock, list, [createMockDatasetShow()]);
  renderWithProviders(
    <>
      <DatasetList />
      <ToastContainer />
    </>,
  );
  return mock;
}

const listQueries = (mock: ReturnType<typeof setup>) =>
  mock.callsTo('GET', '/api/v1/dataset/').map((call) => rison.decode<Record<string, unknown>>(call.query.get('q') ?? '()'));

afterEach(() => vi.restoreAllMocks());

describe('DatasetList', { timeout: 45_000 }, () => {
  it('lists datasets with explore links and filters by type and search', async () => {
    const mock = setup();
    const link = await screen.findByRole('link', { name: 'late_flights' });
    expect(link.getAttribute('href')).toBe('/explore/?datasource_type=table&datasource_id=4');
    expect(screen.getByRole('button', { name: 'Duplicate late_flights' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Duplicate flights' })).toBeNull();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Filter by type' }));
    fireEvent.click(await screen.findByTitle('Physical'));
    await waitFor(() => expect(listQueries(mock).at(-1)?.filters).toEqual([{ col: 'sql', opr: 'dataset_is_null_or_empty', value: true }]));
    const search = screen.getByLabelText('Search datasets');
    fireEvent.change(search, { target: { value: 'fli' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(listQueries(mock).at(-1)?.filters).toEqual([
        { col: 'table_name', opr: 'ct', value: 'fli' },
        { col: 'sql', opr: 'dataset_is_null_or_empty', value: true },
      ]),
    );
  });

  it('filters by certification (dataset_is_certified) and by who modified it (changed_by rel_o_m)', async () => {
    const mock = setup();
    mock.on('GET', '/api/v1/dataset/related/changed_by', { body: { count: 1, result: [{ value: 5, text: 'Cy Changer' }] } });
    await screen.findByRole('link', { name: 'late_flights' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Filter by certification' }));
    fireEvent.click(await screen.findByTitle('No'));
    await waitFor(() => expect(listQueries(mock).at(-1)?.filters).toEqual([{ col: 'id', opr: 'dataset_is_certified', value: false }]));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Filter by modified by' }));
    fireEvent.click(await screen.findByTitle('Cy Changer'));
    await waitFor(() =>
      expect(listQueries(mock).at(-1)?.filters).toEqual([
        { col: 'id', opr: 'dataset_is_certified', value: false },
        { col: 'changed_by', opr: 'rel_o_m', value: 5 },
      ]),
    );
  });

  it('disables Edit and Delete on datasets the user does not own, and bulk delete skips them', async () => {
    const mock = setup({ roles: { Alpha: [['can_read', 'Dataset'], ['can_write', 'Dataset']] }, me: createMockMe({ id: 2, username: 'alpha' }) });
    const edit = (await screen.findByRole('button', { name: 'Edit flights' })) as HTMLButtonElement;
    expect(edit.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Delete flights' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Bulk select' }));
    fireEvent.click((await screen.findAllByRole('checkbox'))[0]!);
    fireEvent.click(await waitFor(() => document.querySelector<HTMLElement>('[data-test="bulk-select-action"]') ?? Promise.reject(new Error('no bulk delete'))));
    expect(await screen.findByText(/none of the selected datasets can be deleted by you/)).toBeTruthy();
    expect(mock.callsTo('DELETE', '/api/v1/dataset/')).toHaveLength(0);
  });

  it('warns about linked charts before deleting a dataset', async () => {
    const mock = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete flights' }));
    const dialog = (await waitFor(() => document.querySelector('[data-test="delete-modal"]'))) as HTMLElement;
    expect(await within(dialog).findByText(/is linked to 2 charts that appear on 1 dashboards/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Type "DELETE" to confirm'), { target: { value: 'DELETE' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted: flights')).toBeTruthy();
    expect(mock.callsTo('DELETE', '/api/v1/dataset/3')).toHaveLength(1);
  });

  it('does not ask for the related objects of a dataset it just deleted', async () => {
    const mock = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete flights' }));
    const dialog = (await waitFor(() => document.querySelector('[data-test="delete-modal"]'))) as HTMLElement;
    await within(dialog).findByText(/is linked to 2 charts/);
    const listCalls = mock.callsTo('GET', '/api/v1/dataset/').length;
    fireEvent.change(within(dialog).getByLabelText('Type "DELETE" to confirm'), { target: { value: 'DELETE' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Deleted: flights');
    // The list refetches after the delete; the gone row's related objects must not be asked for again (404).
    await waitFor(() => expect(mock.callsTo('GET', '/api/v1/dataset/').length).toBeGreaterThan(listCalls));
    expect(mock.callsTo('GET', '/api/v1/dataset/3/related_objects')).toHaveLength(1);
  });

  it('offers "+ Dataset" in the empty state only to users who can write datasets', async () => {
    setup({ list: [] });
    expect(await screen.findByText('No datasets yet')).toBeTruthy();
    const empty = document.querySelector('[data-test="empty-state"]') as HTMLElement;
    expect(await within(empty).findByRole('button', { name: /Dataset$/ })).toBeTruthy();
  });

  it('tells a reader that no dataset is accessible rather than that none exist', async () => {
    setup({ list: [], roles: GAMMA_LIKE_ROLES });
    expect(await screen.findByText('No datasets you can access')).toBeTruthy();
    expect(screen.queryByText('No datasets yet')).toBeNull();
    expect(screen.queryByRole('button', { name: /Dataset$/ })).toBeNull();
  });

  it('duplicates a virtual dataset under a new name', async () => {
    const mock = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Duplicate late_flights' }));
    fireEvent.change(await screen.findByLabelText('New dataset name'), { target: { value: 'late_flights_2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate' }));
    await waitFor(() => expect(mock.callsTo('POST', '/api/v1/dataset/duplicate')).toHaveLength(1));
    expect(mock.callsTo('POST', '/api/v1/dataset/duplicate')[0]?.body).toEqual({ base_model_id: 4, table_name: 'late_flights_2' });
  });
});
