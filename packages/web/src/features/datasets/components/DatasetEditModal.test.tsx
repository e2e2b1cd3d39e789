import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DatasetUpdate } from '../../../api/datasetApi';
import { installFetchMock } from '../../../test/mocks/fetchMock';
import { mockLoggedIn } from '../../../test/mocks/meMocks';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ToastContainer } from '../../toasts';
import { createMockDatasetListItem, createMockDatasetShow, mockDatasets } from '../test/datasetMocks';
import { DatasetEditModal } from './DatasetEditModal';

function setup() {
  const mock = installFetchMock();
  mockLoggedIn(mock);
  mockDatasets(mock, [createMockDatasetListItem()], [createMockDatasetShow()]);
  const onClose = vi.fn();
  renderWithProviders(
    <>
      <DatasetEditModal datasetId={3} onClose={onClose} />
      <ToastContainer />
    </>,
  );
  return { mock, onClose };
}

const dialog = () => document.querySelector('[data-test="dataset-edit-modal"]') as HTMLElement;
// getByRole is very slow over the modal's many inputs in jsdom; plain text and data-test lookups keep these tests quick.
const openTab = async (name: RegExp) => fireEvent.click(await within(dialog()).findByText(name));
const save = () => fireEvent.click(dialog().querySelector('[data-test="modal-confirm-button"]') as HTMLElement);

afterEach(() => vi.restoreAllMocks());

describe('DatasetEditModal', { timeout: 45_000 }, () => {
  it('edits a metric and adds one, then saves everything in one PUT', async () => {
    const { mock, onClose } = setup();
    await screen.findByText('Edit Dataset flights');
    await openTab(/Metrics/);
    fireEvent.change(screen.getByLabelText('SQL expression of count'), { target: { value: 'COUNT(1)' } });
    fireEvent.change(screen.getByLabelText('D3 format of count'), { target: { value: ',d' } });
    fireEvent.click(dialog().querySelector('[data-test="add-metric"]') as HTMLElement);
    fireEvent.change(screen.getByLabelText('Metric key of new metric'), { target: { value: 'avg_delay' } });
    fireEvent.change(screen.getByLabelText('SQL expression of avg_delay'), { target: { value: 'AVG(delay)' } });
    save();

    await waitFor(() => expect(mock.callsTo('PUT', '/api/v1/dataset/3')).toHaveLength(1));
    const body = mock.callsTo('PUT', '/api/v1/dataset/3')[0]?.body as DatasetUpdate;
    expect(body.metrics).toEqual([
      { id: 20, metric_name: 'count', expression: 'COUNT(1)', verbose_name: 'COUNT(*)', d3format: ',d', currency: null, description: null, warning_text: null },
      { metric_name: 'avg_delay', expression: 'AVG(delay)', verbose_name: null, d3format: null, currency: null, description: null, warning_text: null },
    ]);
    expect(body.columns).toHaveLength(3);
    expect(await screen.findByText('The dataset has been saved')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it('edits column flags and the settings', async () => {
    const { mock } = setup();
    await screen.findByText('Edit Dataset flights');
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'US flights' } });
    await openTab(/^Columns/);
    fireEvent.click(screen.getByLabelText('Is filterable airline'));
    fireEvent.change(screen.getByLabelText('Label of airline'), { target: { value: 'Airline' } });
    save();
    await waitFor(() => expect(mock.callsTo('PUT', '/api/v1/dataset/3')).toHaveLength(1));
    const body = mock.callsTo('PUT', '/api/v1/dataset/3')[0]?.body as DatasetUpdate;
    expect(body.description).toBe('US flights');
    expect(body.columns?.find((column) => column.id === 11)).toMatchObject({ filterable: false, verbose_name: 'Airline', groupby: true });
  });

  it('blocks saving a metric without expression', async () => {
    const { mock, onClose } = setup();
    await screen.findByText('Edit Dataset flights');
    await openTab(/Metrics/);
    fireEvent.change(screen.getByLabelText('SQL expression of count'), { target: { value: ' ' } });
    save();
    expect(await screen.findByText('Metric "count" needs a SQL expression')).toBeTruthy();
    expect(mock.callsTo('PUT', '/api/v1/dataset/3')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the server message when the save fails', async () => {
    const { mock } = setup();
    mock.on('PUT', '/api/v1/dataset/3', { status: 422, body: { message: { metrics: ['One or more metrics already exist'] } } });
    await screen.findByText('Edit Dataset flights');
    save();
    expect(await within(dialog()).findByText('One or more metrics already exist')).toBeTruthy();
  });

  it('syncs columns from the source', async () => {
    const { mock } = setup();
    await screen.findByText('Edit Dataset flights');
    await openTab(/^Columns/);
    mock.on('GET', '/api/v1/dataset/3', {
      body: { id: 3, result: createMockDatasetShow({ columns: [{ ...createMockDatasetShow().columns[0]!, id: 30, column_name: 'arrival' }] }) },
    });
    fireEvent.click(dialog().querySelector('[data-test="sync-columns"]') as HTMLElement);
    await waitFor(() => expect(mock.callsTo('PUT', '/api/v1/dataset/3/refresh')).toHaveLength(1));
    expect(await screen.findByText('Metadata has been synced. Removed columns: ds, airline. New columns added: arrival')).toBeTruthy();
    expect(await screen.findByText('arrival')).toBeTruthy();
  });

  it('keeps unsaved column edits when syncing columns from the source', async () => {
    const { mock } = setup();
    await screen.findByText('Edit Dataset flights');
    await openTab(/^Columns/);
    fireEvent.change(screen.getByLabelText('Label of airline'), { target: { value: 'Airline' } });
    fireEvent.click(screen.getByLabelText('Is filterable airline'));
    fireEvent.click(dialog().querySelector('[data-test="sync-columns"]') as HTMLElement);
    await waitFor(() => expect(mock.callsTo('PUT', '/api/v1/dataset/3/refresh')).toHaveLength(1));
    expect(await screen.findByText('Metadata has been synced')).toBeTruthy();
    expect((screen.getByLabelText('Label of airline') as HTMLInputElement).value).toBe('Airline');
    expect((screen.getByLabelText('Is filterable airline') as HTMLInputElement).checked).toBe(false);
  });
});
