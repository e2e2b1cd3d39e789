import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFetchMock, type FetchMock } from '../../../test/mocks/fetchMock';
import { GAMMA_ROLES, mockLoggedIn } from '../../../test/mocks/meMocks';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ToastContainer } from '../../toasts';
import { AnnotationLayerList } from './AnnotationLayerList';
import { AnnotationList } from './AnnotationList';

const user = { id: 1, first_name: 'Ada', last_name: 'Admin' };
const layerRow = (id: number, name: string, descr: string | null = null) => ({
  id,
  name,
  descr,
  created_on: '2024-01-01T00:00:00',
  changed_on: '2024-01-01T00:00:00',
  changed_on_delta_humanized: 'a day ago',
  created_by: user,
  changed_by: user,
});
const list = <T extends { id: number }>(rows: T[]) => ({ count: rows.length, ids: rows.map((r) => r.id), result: rows });

function renderPage(mock: FetchMock, page: React.ReactElement) {
  renderWithProviders(
    <>
      {page}
      <ToastContainer />
    </>,
  );
  return mock;
}

/** Clicks the dialog's confirm button once it is no longer busy with the previous attempt. */
async function confirm() {
  const button = await waitFor(() => {
    const found = document.querySelector<HTMLButtonElement>('[data-test="modal-confirm-button"]');
    if (!found || found.disabled || found.className.includes('loading')) throw new Error('confirm button not ready');
    return found;
  });
  fireEvent.click(button);
}

function typeDelete(dialog: HTMLElement) {
  fireEvent.change(within(dialog).getByLabelText('Type "DELETE" to confirm'), { target: { value: 'DELETE' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
}

describe('annotation layer pages', { timeout: 20_000 }, () => {
  it('lists layers, adds one and shows the server refusing a duplicate name under the field', async () => {
    const mock = installFetchMock();
    mockLoggedIn(mock);
    mock.on('GET', '/api/v1/annotation_layer/', { body: list([layerRow(1, 'Releases', 'product releases')]) });
    mock.on('POST', '/api/v1/annotation_layer/', (call) =>
      (call.body as { name: string }).name === 'Releases'
        ? { status: 422, body: { message: { name: ['Name must be unique'] } } }
        : { status: 201, body: { id: 2, result: call.body } },
    );
    renderPage(mock, <AnnotationLayerList />);
    const link = await screen.findByRole('link', { name: 'Releases' });
    expect(link.getAttribute('href')).toBe('/annotationlayer/1/annotation/');
    expect(screen.getByText('product releases')).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: /Annotation layer/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Annotation layer name'), { target: { value: 'Releases' } });
    await confirm();
    expect(await within(dialog).findByText('Name must be unique')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Annotation layer name'), { target: { value: 'Outages' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'incidents' } });
    await confirm();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(mock.callsTo('POST', '/api/v1/annotation_layer/').at(-1)?.body).toEqual({ name: 'Outages', descr: 'incidents' });
    // The list is read again after the create.
    await waitFor(() => expect(mock.callsTo('GET', '/api/v1/annotation_layer/').length).toBeGreaterThan(1));
  });

  it("toasts the server's reason when a layer cannot be deleted", async () => {
    const mock = installFetchMock();
    mockLoggedIn(mock);
    mock.on('GET', '/api/v1/annotation_layer/', { body: list([layerRow(1, 'Releases')]) });
    mock.on('DELETE', '/api/v1/annotation_layer/', { status: 422, body: { message: 'Annotation layer has associated annotations.' } });
    renderPage(mock, <AnnotationLayerList />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Releases' }));
    typeDelete(await screen.findByRole('dialog'));
    expect(await screen.findByText('There was an issue deleting Releases: Annotation layer has associated annotations.')).toBeTruthy();
    expect(mock.callsTo('DELETE', '/api/v1/annotation_layer/')[0]?.query.get('q')).toBe('!(1)');
  });

  it('hides add, edit and delete from users who cannot write annotations', async () => {
    const mock = installFetchMock();
    mockLoggedIn(mock, { ...GAMMA_ROLES, Gamma: [...GAMMA_ROLES.Gamma!, ['can_read', 'Annotation']] });
    mock.on('GET', '/api/v1/annotation_layer/', { body: list([layerRow(1, 'Releases')]) });
    renderPage(mock, <AnnotationLayerList />);
    expect(await screen.findByRole('link', { name: 'Releases' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Annotation layer/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Releases' })).toBeNull();
  });

  it("lists a layer's annotations, adds an event and shows the date rule under its field", async () => {
    const mock = installFetchMock();
    mockLoggedIn(mock);
    mock.on('GET', '/api/v1/annotation_layer/4', { body: { id: 4, result: { id: 4, name: 'Releases', descr: null } } });
    mock.on('GET', '/api/v1/annotation_layer/4/annotation/', {
      body: list([{ id: 9, short_descr: 'v1', long_descr: 'first', start_dttm: '2024-01-10T12:00:00', end_dttm: '2024-01-10T12:00:00', json_metadata: null, changed_on_delta_humanized: 'now', created_by: user }]),
    });
    mock.on('POST', '/api/v1/annotation_layer/4/annotation/', (call) => {
      const body = call.body as { start_dttm: string; end_dttm: string };
      return body.end_dttm < body.start_dttm
        ? { status: 422, body: { message: { start_dttm: ['End date must be after start date'] } } }
        : { status: 201, body: { id: 10, result: body } };
    });
    renderPage(mock, <AnnotationList layerId={4} />);
    expect(await screen.findByText('Annotation layer Releases')).toBeTruthy();
    expect(await screen.findByText('v1')).toBeTruthy();
    expect(screen.getAllByText('2024-01-10 12:00:00 UTC')).toHaveLength(2);

    // The add button waits for the user's permissions, which may arrive after the list.
    fireEvent.click(await screen.findByRole('button', { name: /Annotation$/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'v2' } });
    fireEvent.change(within(dialog).getByLabelText('Start (UTC)'), { target: { value: '2024-03-02T10:00' } });
    fireEvent.change(within(dialog).getByLabelText('End (UTC, empty for an event)'), { target: { value: '2024-03-01T10:00' } });
    await confirm();
    expect(await within(dialog).findByText('End date must be after start date')).toBeTruthy();

    // An empty end makes an event: end = start.
    fireEvent.change(within(dialog).getByLabelText('End (UTC, empty for an event)'), { target: { value: '' } });
    await confirm();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(mock.callsTo('POST', '/api/v1/annotation_layer/4/annotation/').at(-1)?.body).toEqual({
      short_descr: 'v2',
      long_descr: null,
      start_dttm: '2024-03-02T10:00',
      end_dttm: '2024-03-02T10:00',
    });
  });
});
