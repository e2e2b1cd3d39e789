import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFetchMock } from '../../../test/mocks/fetchMock';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ChartThumbnail } from './ChartThumbnail';

const URL = '/api/v1/chart/3/thumbnail/0123456789abcdef0123456789abcdef/';
const placeholder = () => document.querySelector<HTMLElement>('[data-test="chart-thumbnail-placeholder"]');

describe('ChartThumbnail', () => {
  it("shows the viz type's picture when the server draws no thumbnails", () => {
    installFetchMock();
    renderWithProviders(<ChartThumbnail vizType="pie" url={null} name="Births" />);
    expect(placeholder()?.getAttribute('aria-busy')).toBe('false');
    expect(document.querySelector('[data-test="chart-thumbnail"]')).toBeNull();
  });

  it('swaps in the drawn picture once the server has it', async () => {
    const mock = installFetchMock();
    mock.on('GET', URL, { status: 200, text: 'png bytes' });
    renderWithProviders(<ChartThumbnail vizType="pie" url={URL} name="Births" />);
    expect(placeholder()?.getAttribute('aria-busy')).toBe('true');
    const image = await screen.findByAltText('Thumbnail of Births');
    expect(image.getAttribute('src')).toBe(URL);
  });

  it("keeps the viz type's picture when the thumbnail fails, or the image does not load", async () => {
    const mock = installFetchMock();
    mock.on('GET', URL, { status: 404, body: { message: 'Not found' } });
    const { unmount } = renderWithProviders(<ChartThumbnail vizType="pie" url={URL} name="Births" />);
    await waitFor(() => expect(placeholder()?.getAttribute('aria-busy')).toBe('false'));
    unmount();

    mock.on('GET', URL, { status: 200, text: 'png bytes' });
    renderWithProviders(<ChartThumbnail vizType="pie" url={URL} name="Births" />);
    fireEvent.error(await screen.findByAltText('Thumbnail of Births'));
    await waitFor(() => expect(placeholder()?.getAttribute('aria-busy')).toBe('false'));
  });
});
