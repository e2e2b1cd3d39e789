import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { installFetchMock } from '../../../test/mocks/fetchMock';
import { mockLoggedIn } from '../../../test/mocks/meMocks';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { Query } from '../state/types';
import { SaveDatasetButtons } from './SaveDatasetButtons';
import { OVERWRITE_CONFIRM } from './SaveDatasetModal';
import { ToastContainer } from '../../toasts';
import { OVERWRITE_FAILED } from './SaveDatasetButtons';

configure({ testIdAttribute: 'data-test' });

const query = {
  id: 'q1',
  queryId: 7,
  dbId: 1,
  schema: 'main',
  sql: 'SELECT gender, num FROM birth_names',
  templateParams: '',
  startDttm: Date.UTC(2024, 0, 2, 3, 4, 5),
  sqlEditorId: 'none',
  results: {
    status: 'success',
    columns: [],
    selected_columns: [
      { column_name: 'gender', name: 'gender', type: 'VARCHAR', type_generic: 1, is_dttm: false },
      { column_name: 'num', name: 'num', type: 'BIGINT', type_generic: 0, is_dttm: false },
    ],
    expanded_columns: [],
    rowCount: 2,
    displayLimitReached: false,
    dataKey: null,
  },
} as unknown as Query;

function setup() {
  const mock = installFetchMock();
  mockLoggedIn(mock);
  mock.on('GET', '/api/v1/dataset/', (call) => ({
    body: {
      count: 1,
      ids: [12],
      result: String(call.query.get('q')).includes('value:mine')
        ? [{ id: 12, table_name: 'mine_by_sql', owners: [{ id: 1, first_name: 'Ada', last_name: 'Admin' }, { id: 4, first_name: 'B', last_name: 'C' }] }]
        : [],
    },
  }));
  mock.on('PUT', '/api/v1/dataset/12', { body: { id: 12, result: {} } });
  mock.on('POST', '/api/v1/dataset/', { status: 201, body: { id: 13, result: {} } });
  renderWithProviders(
    <>
      <Routes>
        <Route path="/" element={<SaveDatasetButtons query={query} />} />
        <Route path="/explore/" element={<div>explorer opened</div>} />
      </Routes>
      <ToastContainer />
    </>,
  );
  return mock;
}

describe('Save or Overwrite Dataset', () => {
  it('saves as new under the default name of the tab and the run time', async () => {
    const mock = setup();
    fireEvent.click(screen.getByTestId('save-dataset-button'));
    expect((await screen.findByLabelText('Dataset name')).getAttribute('value')).toBe('Query 2024-01-02 03:04:05');
    fireEvent.click(screen.getByRole('button', { name: 'Save & Explore' }));
    expect(await screen.findByText('explorer opened')).toBeTruthy();
    expect(mock.callsTo('POST', '/api/v1/dataset/')[0]!.body).toMatchObject({ table_name: 'Query 2024-01-02 03:04:05', sql: query.sql, database: 1 });
  });

  it('overwrites a dataset the user owns, after confirming, with the SQL and result columns', async () => {
    const mock = setup();
    fireEvent.click(screen.getByTestId('save-dataset-button'));
    fireEvent.click(await screen.findByLabelText('Overwrite existing'));
    const overwrite = screen.getByRole('button', { name: 'Overwrite & Explore' }) as HTMLButtonElement;
    expect(overwrite.disabled).toBe(true);

    const box = screen.getByRole('combobox', { name: 'Dataset to overwrite' });
    fireEvent.change(box, { target: { value: 'mine' } });
    fireEvent.click(await screen.findByTitle('mine_by_sql'));
    const search = mock.callsTo('GET', '/api/v1/dataset/').at(-1)!;
    expect(search.query.get('q')).toContain('(col:owners,opr:rel_m_m,value:1)');

    fireEvent.click(screen.getByRole('button', { name: 'Overwrite & Explore' }));
    expect(await screen.findByText(OVERWRITE_CONFIRM)).toBeTruthy();
    expect(mock.callsTo('PUT', '/api/v1/dataset/12')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('overwrite-confirm-button'));
    expect(await screen.findByText('explorer opened')).toBeTruthy();
    const put = mock.callsTo('PUT', '/api/v1/dataset/12')[0]!;
    expect(put.query.get('override_columns')).toBe('true');
    expect(put.body).toEqual({
      database_id: 1,
      sql: query.sql,
      owners: [1, 4],
      columns: [
        { column_name: 'gender', type: 'VARCHAR', is_dttm: false },
        { column_name: 'num', type: 'BIGINT', is_dttm: false },
      ],
    });
  });

  it('goes back from the confirmation without overwriting', async () => {
    const mock = setup();
    fireEvent.click(screen.getByTestId('save-dataset-button'));
    fireEvent.click(await screen.findByLabelText('Overwrite existing'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Dataset to overwrite' }), { target: { value: 'mine' } });
    fireEvent.click(await screen.findByTitle('mine_by_sql'));
    fireEvent.click(screen.getByRole('button', { name: 'Overwrite & Explore' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByText(OVERWRITE_CONFIRM)).toBeNull());
    expect(screen.getByLabelText('Overwrite existing')).toBeTruthy();
    expect(mock.callsTo('PUT', '/api/v1/dataset/12')).toHaveLength(0);
  });

  it('says so and stays in SQL Lab when the server refuses the overwrite', async () => {
    const mock = setup();
    mock.on('PUT', '/api/v1/dataset/12', { status: 403, body: { message: 'Forbidden' } });
    fireEvent.click(screen.getByTestId('save-dataset-button'));
    fireEvent.click(await screen.findByLabelText('Overwrite existing'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Dataset to overwrite' }), { target: { value: 'mine' } });
    fireEvent.click(await screen.findByTitle('mine_by_sql'));
    fireEvent.click(screen.getByRole('button', { name: 'Overwrite & Explore' }));
    fireEvent.click(await screen.findByTestId('overwrite-confirm-button'));
    expect(await screen.findByText(OVERWRITE_FAILED)).toBeTruthy();
    expect(screen.queryByText('explorer opened')).toBeNull();
  });
});
