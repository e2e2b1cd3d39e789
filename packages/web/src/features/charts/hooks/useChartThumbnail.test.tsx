import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFetchMock } from '../../../test/mocks/fetchMock';
import { useChartThumbnail } from './useChartThumbnail';

const URL = '/api/v1/chart/3/thumbnail/0123456789abcdef0123456789abcdef/';
const FAST = [5, 5, 5] as const;

describe('useChartThumbnail', () => {
  it('asks nothing without an address', () => {
    const mock = installFetchMock();
    const { result } = renderHook(() => useChartThumbnail(null, FAST));
    expect(result.current).toEqual({ status: 'none' });
    expect(mock.callsTo('GET', /thumbnail/)).toHaveLength(0);
  });

  it('waits while the server answers 202, then settles on the picture', async () => {
    const mock = installFetchMock();
    let asked = 0;
    mock.on('GET', URL, () => (++asked < 3 ? { status: 202, body: { message: 'OK' } } : { status: 200, text: 'png bytes' }));
    const { result } = renderHook(() => useChartThumbnail(URL, FAST));
    expect(result.current).toEqual({ status: 'loading' });
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', src: URL }));
    expect(mock.callsTo('GET', URL)).toHaveLength(3);
  });

  it('gives up after its retries, and at once on an error', async () => {
    const mock = installFetchMock();
    mock.on('GET', URL, { status: 202, body: { message: 'OK' } });
    const { result } = renderHook(() => useChartThumbnail(URL, FAST));
    await waitFor(() => expect(result.current).toEqual({ status: 'failed' }));
    expect(mock.callsTo('GET', URL)).toHaveLength(FAST.length + 1);

    mock.on('GET', URL, { status: 404, body: { message: 'Not found' } });
    const other = renderHook(() => useChartThumbnail(URL, FAST));
    await waitFor(() => expect(other.result.current).toEqual({ status: 'failed' }));
  });
});
