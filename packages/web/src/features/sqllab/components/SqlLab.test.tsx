import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFetchMock } from '../../../test/mocks/fetchMock';
import { mockLoggedIn } from '../../../test/mocks/meMocks';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ToastContainer } from '../../toasts';
import { mockExecuteArrow, mockExecuteJson, mockSqlLab } from '../test/sqllabMocks';
import { SqlLab } from './SqlLab';

configure({ testIdAttribute: 'data-test' });


function setup(route = '/sqllab/') {
  const mock = installFetchMock();
  mockLoggedIn(mock);
  mockSqlLab(mock);
  const view = renderWithProviders(
    <>
      <SqlLab />
      <ToastContainer />
    </>,
    { route },
  );
  return { mock, ...view };
}

describe('SqlLab', () => {
  it('restores the tab from the backend and runs a query: results appear in the grid', async () => {
    const { mock } = setup('/sqllab/?foo=bar');
    mockExecuteJson(mock);
    fireEvent.click(await screen.findByTestId('run-query-button'));
    expect(await screen.findByRole('columnheader', { name: 'test_col' })).toBeTruthy();
    const call = mock.callsTo('POST', '/api/v1/sqllab/execute/')[0]!;
    expect(call.body).toMatchObject({
      database_id: 1,
      json: true,
      runAsync: false,
      schema: 'main',
      sql: 'SELECT 1 AS test_col',
      sql_editor_id: '5',
      queryLimit: 1000,
      expand_data: true,
      select_as_cta: false,
      ctas_method: 'TABLE',
    });
    expect((call.body as { client_id: string }).client_id).toHaveLength(11);
    expect(screen.getByTestId('query-timer')).toBeTruthy();
    expect(screen.getByTestId('row-count').textContent).toBe('1 row');
  });

  it('fetches Arrow results by resultsKey and keeps Int64 exact', async () => {
    const { mock } = setup();
    mockExecuteArrow(mock, { big: BigInt64Array.from([9007199254740993n, 2n]), name: ['a', 'b'] });
    fireEvent.click(await screen.findByTestId('run-query-button'));
    expect(await screen.findByRole('columnheader', { name: 'big' })).toBeTruthy();
    expect(screen.getByText('9007199254740993')).toBeTruthy();
  });

  it('shows the error type, message and issue codes of a failed run', async () => {
    const { mock } = setup();
    mock.on('POST', '/api/v1/sqllab/execute/', {
      status: 400,
      body: {
        errors: [
          {
            message: 'no such table: nope',
            error_type: 'TABLE_DOES_NOT_EXIST_ERROR',
            level: 'error',
            extra: { issue_codes: [{ code: 1005, message: 'Issue 1005 - The table was deleted or renamed in the database.' }] },
          },
        ],
      },
    });
    fireEvent.click(await screen.findByTestId('run-query-button'));
    const error = await screen.findByTestId('query-error');
    expect(within(error).getByText('no such table: nope')).toBeTruthy();
    expect(within(error).getByText('TABLE_DOES_NOT_EXIST_ERROR')).toBeTruthy();
    expect(within(error).getByText(/Issue 1005/)).toBeTruthy();
  });

  it('adds a tab through the backend with the next Untitled number and default SQL', async () => {
    const { mock, store } = setup();
    fireEvent.click(await screen.findByTestId('add-tab'));
    await waitFor(() => expect(screen.getAllByTestId('sql-editor-tab-title')).toHaveLength(2));
    expect(screen.getByText('Untitled Query 2')).toBeTruthy();
    expect(mock.callsTo('POST', '/tabstateview/')[0]!.body).toMatchObject({ queryEditor: { name: 'Untitled Query 2', sql: 'SELECT ...', dbId: 1 } });
    expect(store.getState().sqlLab.queryEditors[1]!.id).toBe('6');
  });

  it('Ctrl+T opens a new tab (actions registry)', async () => {
    setup();
    await screen.findByTestId('run-query-button');
    fireEvent.keyDown(window, { key: 't', code: 'KeyT', ctrlKey: true });
    await waitFor(() => expect(screen.getAllByTestId('sql-editor-tab-title')).toHaveLength(2));
  });
});
