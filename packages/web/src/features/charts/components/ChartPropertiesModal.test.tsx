import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFetchMock } from '../../../test/mocks/fetchMock';
import { mockLoggedIn } from '../../../test/mocks/meMocks';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ToastContainer } from '../../toasts';
import { createMockChart, mockCharts } from '../test/chartMocks';
import { ChartPropertiesModal } from './ChartPropertiesModal';

function setup() {
  const mock = installFetchMock();
  mockLoggedIn(mock);
  mockCharts(mock, [createMockChart({ description: 'Old text', cache_timeout: 60 })]);
  const onClose = vi.fn();
  renderWithProviders(
    <>
      <ChartPropertiesModal chartId={1} onClose={onClose} />
      <ToastContainer />
    </>,
  );
  return { mock, onClose };
}

const dialog = () => document.querySelector('[data-test="properties-edit-modal"]') as HTMLElement;

afterEach(() => vi.restoreAllMocks());

describe('ChartPropertiesModal', { timeout: 45_000 }, () => {
  it('saves name, description, cache timeout, certification and owners with PUT', async () => {
    const { mock, onClose } = setup();
    const name = await screen.findByDisplayValue('Births by gender');
    fireEvent.change(name, { target: { value: '  Births by sex ' } });
    fireEvent.change(within(dialog()).getByLabelText('Description'), { target: { value: '' } });
    fireEvent.change(within(dialog()).getByLabelText('Cache timeout'), { target: { value: '300' } });
    fireEvent.change(within(dialog()).getByLabelText('Certified by'), { target: { value: 'Data team' } });
    fireEvent.change(within(dialog()).getByLabelText('Certification details'), { target: { value: 'Checked weekly' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(mock.callsTo('PUT', '/api/v1/chart/1')).toHaveLength(1));
    expect(mock.callsTo('PUT', '/api/v1/chart/1')[0]?.body).toEqual({
      slice_name: 'Births by sex',
      description: null,
      cache_timeout: 300,
      certified_by: 'Data team',
      certification_details: 'Checked weekly',
      owners: [1],
    });
    expect(await screen.findByText('Chart properties updated')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it('refuses an empty name', async () => {
    const { mock } = setup();
    fireEvent.change(await screen.findByDisplayValue('Births by gender'), { target: { value: '  ' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(mock.callsTo('PUT', '/api/v1/chart/1')).toHaveLength(0);
  });

  it('shows the server error and stays open', async () => {
    const { mock, onClose } = setup();
    mock.on('PUT', '/api/v1/chart/1', { status: 403, body: { message: 'Forbidden' } });
    await screen.findByDisplayValue('Births by gender');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You do not have permission to edit this chart', { exact: false })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses a cache timeout that is not an integer and keeps the stored value', async () => {
    const { mock, onClose } = setup();
    await screen.findByDisplayValue('Births by gender');
    const cacheTimeout = within(dialog()).getByLabelText('Cache timeout');
    expect((cacheTimeout as HTMLInputElement).value).toBe('60');
    fireEvent.change(cacheTimeout, { target: { value: 'abc' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Cache timeout is expected to be an integer')).toBeTruthy();
    expect(mock.callsTo('PUT', '/api/v1/chart/1')).toHaveLength(0);
    expect(screen.queryByText('Chart properties updated')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses a cache timeout below -1', async () => {
    const { mock } = setup();
    await screen.findByDisplayValue('Births by gender');
    fireEvent.change(within(dialog()).getByLabelText('Cache timeout'), { target: { value: '-5' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Cache timeout cannot be less than -1')).toBeTruthy();
    expect(mock.callsTo('PUT', '/api/v1/chart/1')).toHaveLength(0);
  });

  it('saves -1, which bypasses the cache', async () => {
    const { mock } = setup();
    await screen.findByDisplayValue('Births by gender');
    const cacheTimeout = within(dialog()).getByLabelText('Cache timeout');
    fireEvent.change(cacheTimeout, { target: { value: ' -1 ' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(mock.callsTo('PUT', '/api/v1/chart/1')).toHaveLength(1));
    expect((mock.callsTo('PUT', '/api/v1/chart/1')[0]?.body as { cache_timeout: unknown }).cache_timeout).toBe(-1);
  });
});
