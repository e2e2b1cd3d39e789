import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFetchMock, type FetchMock } from '../../../test/mocks/fetchMock';
import { mockLoggedIn } from '../../../test/mocks/meMocks';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ToastContainer } from '../../toasts';
import { RowLevelSecurityList } from './RowLevelSecurityList';

const RLS = '/api/v1/rowlevelsecurity/';
const user = { id: 1, first_name: 'Ada', last_name: 'Admin' };
const ruleRow = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  description: null,
  filter_type: 'Regular',
  tables: [{ id: 3, schema: 'main', table_name: 'birth_names' }],
  roles: [{ id: 2, name: 'Gamma' }],
  group_key: null,
  clause: "gender = 'girl'",
  changed_on: '2024-01-01T00:00:00',
  changed_on_delta_humanized: 'a day ago',
  changed_by: user,
  ...extra,
});
const list = <T extends { id: number }>(rows: T[]) => ({ count: rows.length, ids: rows.map((r) => r.id), result: rows });

function setup(rows = [ruleRow(1, 'girls only')], roles?: Parameters<typeof mockLoggedIn>[1]): FetchMock {
  const mock = installFetchMock();
  mockLoggedIn(mock, roles);
  mock.on('GET', RLS, { body: list(rows) });
  mock.on('GET', `${RLS}related/tables`, { body: { count: 2, result: [{ value: 3, text: 'main.birth_names' }, { value: 4, text: 'main.flights' }] } });
  mock.on('GET', `${RLS}related/roles`, { body: { count: 2, result: [{ value: 2, text: 'Gamma' }, { value: 5, text: 'Sales' }] } });
  renderWithProviders(
    <>
      <RowLevelSecurityList />
      <ToastContainer />
    </>,
  );
  return mock;
}

const dialog = () => waitFor(() => document.querySelector('[data-test="rls-modal"]') as HTMLElement);
const type = (scope: HTMLElement, label: string, value: string) => fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

/** Opens a multiple select and picks one option by its text. */
async function pick(scope: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(scope).getByLabelText(label));
  fireEvent.click(await screen.findByTitle(option));
}

async function confirm(scope: HTMLElement, name: string) {
  const button = await waitFor(() => {
    const found = within(scope).getByRole('button', { name });
    if ((found as HTMLButtonElement).disabled || found.className.includes('loading')) throw new Error('not ready');
    return found;
  });
  fireEvent.click(button);
}

describe('row level security page', { timeout: 60_000 }, () => {
  it('lists rules with their datasets and roles', async () => {
    setup([ruleRow(1, 'girls only'), ruleRow(2, 'california', { filter_type: 'Base', roles: [{ id: 1, name: 'Admin' }], clause: "state = 'CA'" })]);
    expect(await screen.findByText('girls only')).toBeTruthy();
    expect(screen.getByText('california')).toBeTruthy();
    expect(screen.getAllByText('main.birth_names')).toHaveLength(2);
    expect(screen.getByText("state = 'CA'")).toBeTruthy();
    expect(screen.getByText('Base')).toBeTruthy();
  });

  it('refuses to post a rule without a name, a dataset or a clause, then posts the filled form', async () => {
    const mock = setup([]);
    mock.on('POST', RLS, (call) => ({ status: 201, body: { id: 7, result: call.body } }));
    fireEvent.click(await screen.findByRole('button', { name: /Rule$/ }));
    const modal = await dialog();
    await confirm(modal, 'Add');
    expect(await within(modal).findByText('Please enter a rule name')).toBeTruthy();
    expect(within(modal).getByText('Please choose at least one dataset')).toBeTruthy();
    expect(within(modal).getByText('Please enter a clause')).toBeTruthy();
    // Blank text is no clause.
    type(modal, 'Clause', '   ');
    await confirm(modal, 'Add');
    expect(await within(modal).findByText('Please enter a clause')).toBeTruthy();
    expect(mock.callsTo('POST', RLS)).toHaveLength(0);

    type(modal, 'Rule name', ' girls only ');
    await pick(modal, 'Datasets', 'main.birth_names');
    await pick(modal, 'Roles', 'Sales');
    type(modal, 'Clause', "gender = 'girl'");
    await confirm(modal, 'Add');
    await waitFor(() => expect(mock.callsTo('POST', RLS)).toHaveLength(1));
    expect(mock.callsTo('POST', RLS)[0]?.body).toEqual({
      name: 'girls only',
      filter_type: 'Regular',
      tables: [3],
      roles: [5],
      group_key: null,
      clause: "gender = 'girl'",
      description: null,
    });
    await waitFor(() => expect(document.querySelector('[data-test="rls-modal"]')).toBeNull());
    await waitFor(() => expect(mock.callsTo('GET', RLS).length).toBeGreaterThan(1));
  });

  it("shows the server's refusals: field messages under their field, others above the form", async () => {
    const mock = setup([]);
    let answer = { status: 400, body: { message: { clause: ['Shorter than minimum length 1.'] } } } as { status: number; body: unknown };
    mock.on('POST', RLS, () => answer);
    fireEvent.click(await screen.findByRole('button', { name: /Rule$/ }));
    const modal = await dialog();
    type(modal, 'Rule name', 'dup');
    await pick(modal, 'Datasets', 'main.flights');
    type(modal, 'Clause', '1 = 1');
    await confirm(modal, 'Add');
    expect(await within(modal).findByText('Shorter than minimum length 1.')).toBeTruthy();

    answer = { status: 422, body: { message: 'Create failed: a rule with this name already exists' } };
    await confirm(modal, 'Add');
    expect(await within(modal).findByText(/a rule with this name already exists/)).toBeTruthy();
    expect(document.querySelector('[data-test="rls-modal"]')).not.toBeNull();
  });

  it('edits a rule with every field sent back, and deletes one after confirmation', async () => {
    const mock = setup([ruleRow(1, 'girls only', { group_key: 'gender', description: 'only girls' })]);
    mock.on('PUT', `${RLS}1`, (call) => ({ status: 200, body: { id: 1, result: call.body } }));
    mock.on('DELETE', RLS, { body: { message: 'Deleted 1 rules' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit girls only' }));
    const modal = await dialog();
    expect((within(modal).getByLabelText('Rule name') as HTMLInputElement).value).toBe('girls only');
    expect(within(modal).getByText('main.birth_names')).toBeTruthy();
    type(modal, 'Group key', '');
    await confirm(modal, 'Save');
    await waitFor(() => expect(mock.callsTo('PUT', `${RLS}1`)).toHaveLength(1));
    expect(mock.callsTo('PUT', `${RLS}1`)[0]?.body).toEqual({
      name: 'girls only',
      filter_type: 'Regular',
      tables: [3],
      roles: [2],
      group_key: null,
      clause: "gender = 'girl'",
      description: 'only girls',
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Delete girls only' }));
    const confirmDialog = await waitFor(() => document.querySelector('[data-test="delete-modal"]') as HTMLElement);
    fireEvent.change(within(confirmDialog).getByLabelText('Type "DELETE" to confirm'), { target: { value: 'DELETE' } });
    fireEvent.click(within(confirmDialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(mock.callsTo('DELETE', RLS)).toHaveLength(1));
    expect(mock.callsTo('DELETE', RLS)[0]?.query.get('q')).toBe('!(1)');
  });

  it('hides add, edit and delete from users who may only read rules', async () => {
    setup([ruleRow(1, 'girls only')], { Auditor: [['can_read', 'Row Level Security']] });
    expect(await screen.findByText('girls only')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Rule$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit girls only' })).toBeNull();
  });
});
