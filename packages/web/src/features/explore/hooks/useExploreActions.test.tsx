import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFetchMock } from '../../../test/mocks/fetchMock';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ExploreStateProvider } from '../state/ExploreContext';
import { buildQuery as tableQuery } from '../../../viz/plugins/table/buildQuery';
import { downloadQuery, useExploreActions } from './useExploreActions';

const { saveBlob, getChartImage } = vi.hoisted(() => ({ saveBlob: vi.fn(), getChartImage: vi.fn() }));
vi.mock('../../../api/download', async (importOriginal) => ({ ...(await importOriginal<object>()), saveBlob }));
vi.mock('../../../viz/echarts/chartImage', () => ({ getChartImage }));

const PNG_BYTES = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff];
const PNG_DATA_URL = `data:image/png;base64,${btoa(String.fromCharCode(...PNG_BYTES))}`;

const readBytes = (blob: Blob) =>
  new Promise<number[]>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve([...new Uint8Array(reader.result as ArrayBuffer)]);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });

function setup() {
  const container = document.createElement('div');
  container.setAttribute('data-test', 'chart-container');
  document.body.appendChild(container);
  let actions: ReturnType<typeof useExploreActions> | undefined;
  function Probe() {
    actions = useExploreActions();
    return null;
  }
  renderWithProviders(
    <ExploreStateProvider>
      <Probe />
    </ExploreStateProvider>,
  );
  return () => actions!;
}

describe('useExploreActions: Download as image', () => {
  afterEach(() => {
    document.querySelector('[data-test="chart-container"]')?.remove();
    saveBlob.mockReset();
    getChartImage.mockReset();
  });

  it('saves the chart PNG decoded from its data URL, without fetching the data: URL (blocked by our CSP)', async () => {
    const mock = installFetchMock();
    getChartImage.mockResolvedValue(PNG_DATA_URL);
    const actions = setup();
    await act(() => actions().downloadImage());

    expect(mock.fetch.mock.calls.some(([input]) => String(input).startsWith('data:'))).toBe(false);
    expect(saveBlob).toHaveBeenCalledTimes(1);
    const [blob, filename] = saveBlob.mock.calls[0] as [Blob, string];
    expect(filename).toBe('chart.png');
    expect(blob.type).toBe('image/png');
    expect(await readBytes(blob)).toEqual(PNG_BYTES);
  });
});

describe('downloadQuery', () => {
  it('downloads every row up to the row limit of a server-paginated table, not the page on screen', () => {
    const formData = { datasource: '1__table', viz_type: 'table', groupby: ['state'], metrics: ['count'], server_pagination: true, server_page_length: 10, row_limit: 5000 };
    const onScreen = tableQuery(formData, { ownState: { currentPage: 2 } });
    expect(onScreen.queries[0]).toMatchObject({ row_limit: 10, row_offset: 20 });
    const download = downloadQuery({ buildQuery: tableQuery }, formData);
    expect(download.queries).toHaveLength(1);
    expect(download.queries[0]!.row_limit).toBe(5000);
    expect(download.queries[0]!.row_offset ?? 0).toBe(0);
  });
});
