import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFetchMock } from '../../../test/mocks/fetchMock';
import { mockLoggedIn } from '../../../test/mocks/meMocks';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ToastContainer } from '../../toasts';
import { DashboardEmbedModal } from './DashboardEmbedModal';

const URL = '/api/v1/dashboard/7/embedded';
const UUID = '3f1d2c4b-1111-4222-8333-944455556666';
const result = (allowed: string[]) => ({ result: { uuid: UUID, allowed_domains: allowed, dashboard_id: 7, changed_on: '2026-01-01T00:00:00Z', changed_by: null } });

const modal = () => waitFor(() => document.querySelector('[data-test="dashboard-embed-modal"]') as HTMLElement);

describe('Embed dashboard modal', { timeout: 30_000 }, () => {
  it('enables embedding with the allowed domains, then shows the id to pass to the SDK', async () => {
    const mock = installFetchMock();
    mockLoggedIn(mock);
    mock.on('GET', URL, { status: 404, body: { message: 'Not found' } });
    mock.on('POST', URL, (call) => ({ body: result((call.body as { allowed_domains: string[] }).allowed_domains) }));
    renderWithProviders(
      <>
        <DashboardEmbedModal dashboardId={7} onClose={() => undefined} />
        <ToastContainer />
      </>,
    );
    const dialog = await modal();
    expect(await within(dialog).findByText('Configure this dashboard to embed it into an external web application.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Allowed Domains (comma separated)'), { target: { value: 'https://a.example, b.example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enable embedding' }));

    expect(await within(dialog).findByText('This dashboard is ready to embed. In your application, pass the following id to the SDK:')).toBeTruthy();
    expect(mock.callsTo('POST', URL)[0]?.body).toEqual({ allowed_domains: ['https://a.example', 'b.example'] });
    expect((within(dialog).getByLabelText('Embedded dashboard id') as HTMLInputElement).value).toBe(UUID);
    expect(within(dialog).getByRole('button', { name: 'Save changes' })).toBeTruthy();
    expect(await screen.findByText('Changes saved.')).toBeTruthy();
  });

  it('shows an existing configuration, and deactivates it after confirming', async () => {
    const mock = installFetchMock();
    mockLoggedIn(mock);
    mock.on('GET', URL, { body: result(['https://host.example']) });
    mock.on('DELETE', URL, { body: { message: 'OK' } });
    renderWithProviders(
      <>
        <DashboardEmbedModal dashboardId={7} onClose={() => undefined} />
        <ToastContainer />
      </>,
    );
    const dialog = await modal();
    await waitFor(() => expect((within(dialog).getByLabelText('Allowed Domains (comma separated)') as HTMLInputElement).value).toBe('https://host.example'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    const confirm = await waitFor(() => document.querySelector('[data-test="embed-deactivate-confirm"]') as HTMLElement);
    expect(within(confirm).getByText('This will remove your current embed configuration.')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(mock.callsTo('DELETE', URL)).toHaveLength(1));
    expect(await within(dialog).findByText('Enable embedding')).toBeTruthy();
    expect(await screen.findByText('Embedding deactivated.')).toBeTruthy();
  });
});
