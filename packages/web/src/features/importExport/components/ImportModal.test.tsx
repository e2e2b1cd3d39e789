import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFetchMock, type MockReply } from '../../../test/mocks/fetchMock';
import { mockLoggedIn } from '../../../test/mocks/meMocks';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ToastContainer } from '../../toasts';
import { ImportModal } from './ImportModal';

const IMPORT_URL = '/api/v1/chart/import/';
const PASSWORD_NEEDED = { 'databases/examples.yaml': { _schema: ['Must provide a password for the database'] } };
const EXISTS = { 'charts/Births_1.yaml': 'Chart already exists and `overwrite=true` was not passed' };
const failure = (extra: Record<string, unknown>, message = 'Error importing chart'): MockReply => ({
  status: 422,
  body: { errors: [{ message, error_type: 'GENERIC_COMMAND_ERROR', level: 'warning', extra: { ...extra, issue_codes: [{ code: 1010, message: 'Issue 1010' }] } }] },
});

/** The import endpoint answers the given replies in turn. */
function setup(...replies: MockReply[]) {
  return setupFor('chart', ...replies);
}

function setupFor(resource: 'chart' | 'dashboard', ...replies: MockReply[]) {
  const mock = installFetchMock();
  mockLoggedIn(mock);
  let n = 0;
  mock.on('POST', `/api/v1/${resource}/import/`, () => replies[Math.min(n++, replies.length - 1)]!);
  const onClose = vi.fn();
  renderWithProviders(
    <>
      <ImportModal resource={resource} open onClose={onClose} />
      <ToastContainer />
    </>,
  );
  return { mock, onClose };
}

const dialog = () => document.querySelector('[data-test^="import-"][data-test$="-modal"]') as HTMLElement;
const confirmButton = () => dialog().querySelector('[data-test="modal-confirm-button"]') as HTMLButtonElement;
const sent = (mock: ReturnType<typeof setup>['mock']) =>
  mock.callsTo('POST', IMPORT_URL).map((call) => {
    const form = call.body as FormData;
    return { file: (form.get('formData') as File).name, overwrite: form.get('overwrite'), passwords: JSON.parse(String(form.get('passwords'))) as unknown };
  });

async function pickFile(name = 'chart_export.zip') {
  const input = dialog().querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['zip bytes'], name, { type: 'application/zip' })] } });
  expect(await within(dialog()).findByText(name)).toBeTruthy();
}

afterEach(() => vi.restoreAllMocks());

describe('ImportModal', { timeout: 45_000 }, () => {
  it('imports the picked file and says so', async () => {
    const { mock, onClose } = setup({ body: { message: 'OK' } });
    await screen.findByText('Import chart');
    expect(confirmButton().disabled).toBe(true);
    await pickFile();
    expect(confirmButton().disabled).toBe(false);
    fireEvent.click(confirmButton());
    expect(await screen.findByText('Chart imported')).toBeTruthy();
    expect(sent(mock)).toEqual([{ file: 'chart_export.zip', overwrite: 'false', passwords: {} }]);
    expect(onClose).toHaveBeenCalled();
  });

  it('asks for the masked database passwords and sends them', async () => {
    const { mock, onClose } = setup(failure(PASSWORD_NEEDED), { body: { message: 'OK' } });
    await pickFile();
    fireEvent.click(confirmButton());
    const field = await within(dialog()).findByLabelText('databases/examples.yaml password');
    expect(confirmButton().disabled).toBe(true);
    fireEvent.change(field, { target: { value: 's3cret' } });
    expect(confirmButton().disabled).toBe(false);
    fireEvent.click(confirmButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent(mock)[1]).toEqual({ file: 'chart_export.zip', overwrite: 'false', passwords: { 'databases/examples.yaml': 's3cret' } });
  });

  it('overwrites existing charts only once OVERWRITE is typed', async () => {
    const { mock, onClose } = setup(failure(EXISTS), { body: { message: 'OK' } });
    await pickFile();
    fireEvent.click(confirmButton());
    expect(await within(dialog()).findByText(/You are importing one or more charts that already exist/)).toBeTruthy();
    expect(confirmButton().textContent).toBe('Overwrite');
    expect(confirmButton().disabled).toBe(true);
    fireEvent.change(within(dialog()).getByLabelText('Type "OVERWRITE" to confirm'), { target: { value: 'OVERWRITE' } });
    fireEvent.click(confirmButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent(mock).map((s) => s.overwrite)).toEqual(['false', 'true']);
  });

  it('shows why a bundle cannot be imported, file by file, and starts over with another file', async () => {
    const { onClose } = setup(failure({ 'metadata.yaml': { type: ['Must be equal to Slice.'] } }));
    await pickFile();
    fireEvent.click(confirmButton());
    await waitFor(() => expect(dialog().querySelector('[data-test="import-error"]')).toBeTruthy());
    const alert = dialog().querySelector('[data-test="import-error"]') as HTMLElement;
    expect(alert.textContent).toContain('Error importing chart');
    expect(alert.textContent).toContain('metadata.yaml: type: Must be equal to Slice.');
    expect(onClose).not.toHaveBeenCalled();
    await pickFile();
    expect(dialog().querySelector('[data-test="import-error"]')).toBeNull();
  });

  it('imports dashboards through their own endpoint, confirming an overwrite', async () => {
    const exists = { 'dashboards/Births_7.yaml': 'Dashboard already exists and `overwrite=true` was not passed' };
    const { mock, onClose } = setupFor('dashboard', failure(exists, 'Error importing dashboard'), { body: { message: 'OK' } });
    await screen.findByText('Import dashboard');
    expect(dialog().getAttribute('data-test')).toBe('import-dashboard-modal');
    await pickFile('dashboard_export.zip');
    fireEvent.click(confirmButton());
    expect(await within(dialog()).findByText(/You are importing one or more dashboards that already exist/)).toBeTruthy();
    fireEvent.change(within(dialog()).getByLabelText('Type "OVERWRITE" to confirm'), { target: { value: 'OVERWRITE' } });
    fireEvent.click(confirmButton());
    expect(await screen.findByText('Dashboard imported')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(mock.callsTo('POST', '/api/v1/dashboard/import/').map((call) => (call.body as FormData).get('overwrite'))).toEqual(['false', 'true']);
    expect(mock.callsTo('POST', IMPORT_URL)).toEqual([]);
  });
});
