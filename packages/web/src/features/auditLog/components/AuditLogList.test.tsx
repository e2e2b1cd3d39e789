import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import rison from 'rison';
import { describe, expect, it } from 'vitest';
import type { AuditLogRecord } from '@tessera/core';
import { listResponse } from '../../../test/mocks/factories';
import { installFetchMock } from '../../../test/mocks/fetchMock';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { AuditLogList } from './AuditLogList';

function createMockAuditRow(overrides: Partial<AuditLogRecord> = {}): AuditLogRecord {
  return {
    id: 1,
    created_on: '2026-11-20T10:00:00.123Z',
    user_id: 1,
    username: 'admin',
    action: 'user.create',
    object_type: 'User',
    object_id: '7',
    ip: '10.0.0.5',
    user_agent: 'Mozilla/5.0',
    outcome: 'success',
    details: { user: 'victor', roles: ['Gamma'] },
    ...overrides,
  };
}

function setup() {
  const mock = installFetchMock();
  mock.on('GET', '/api/v1/audit_log/', {
    body: listResponse([
      createMockAuditRow({ id: 2, created_on: '2026-11-20T10:05:00.000Z', user_id: null, username: 'mallory', action: 'auth.login', object_type: null, object_id: null, outcome: 'failure', details: { via: 'web', status: 401 } }),
      createMockAuditRow(),
    ]),
  });
  renderWithProviders(<AuditLogList />);
  return mock;
}

const auditQueries = (mock: ReturnType<typeof setup>) =>
  mock.callsTo('GET', '/api/v1/audit_log/').map((call) => rison.decode<Record<string, unknown>>(call.query.get('q') ?? '()'));
const rowOf = (text: string) => screen.getByText(text).closest('[data-test="audit-log-row"]') as HTMLElement;

describe('AuditLogList', () => {
  it('shows the rows the API answers: time, user, action, object, outcome, address and details', async () => {
    const mock = setup();
    expect(await screen.findByText('mallory')).toBeTruthy();
    const failed = rowOf('mallory');
    expect(within(failed).getByText('auth.login')).toBeTruthy();
    expect(within(failed).getByText('Failure')).toBeTruthy();
    expect(within(failed).getByText('2026-11-20 10:05:00')).toBeTruthy();
    expect(within(failed).getByText('via: web, status: 401')).toBeTruthy();
    const created = rowOf('user.create');
    expect(within(created).getByText('admin')).toBeTruthy();
    expect(within(created).getByText('User #7')).toBeTruthy();
    expect(within(created).getByText('Success')).toBeTruthy();
    expect(within(created).getByText('10.0.0.5')).toBeTruthy();
    expect(within(created).getByText('user: victor, roles: ["Gamma"]')).toBeTruthy();
    expect(auditQueries(mock)[0]).toEqual({ order_column: 'created_on', order_direction: 'desc', page: 0, page_size: 25 });
  });

  it('filters by action and user', async () => {
    const mock = setup();
    await screen.findByText('mallory');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Filter by action' }));
    fireEvent.click(await screen.findByTitle('auth.login'));
    const user = screen.getByLabelText('Filter by user');
    fireEvent.change(user, { target: { value: 'mall' } });
    fireEvent.keyDown(user, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(auditQueries(mock).at(-1)).toEqual({
        filters: [
          { col: 'action', opr: 'eq', value: 'auth.login' },
          { col: 'username', opr: 'ct', value: 'mall' },
        ],
        order_column: 'created_on',
        order_direction: 'desc',
        page: 0,
        page_size: 25,
      }),
    );
  });
});
