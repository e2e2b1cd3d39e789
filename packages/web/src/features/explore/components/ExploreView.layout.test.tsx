import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChartPlugin, ControlConfig } from '../../../viz/types';
import { installFetchMock } from '../../../test/mocks/fetchMock';
import { mockLoggedIn } from '../../../test/mocks/meMocks';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { FLIGHTS_DATASOURCE } from '../../../test/fixtures/exploreDatasource';
import { ExploreView } from './ExploreView';

const checkbox = (name: string, label: string): ControlConfig => ({ name, type: 'CheckboxControl', label, default: false });
const select = (name: string, label: string): ControlConfig => ({ name, type: 'SelectControl', label, choices: [['a', 'A']] });

const graph: ChartPlugin = {
  metadata: { vizType: 'graph_chart', name: 'Graph Chart', category: 'Flow', description: '', tags: [], thumbnail: '<svg/>' },
  controlPanel: {
    sections: [
      {
        label: 'Query',
        controlSetRows: [
          [
            { name: 'source_category', type: 'ColumnControl', label: 'Source category' },
            { name: 'target_category', type: 'ColumnControl', label: 'Target category' },
          ],
          [select('sort_x_axis', 'Sort x-axis'), select('sort_y_axis', 'Sort y-axis')],
          [checkbox('show_values', 'Show values'), checkbox('show_legend', 'Show legend'), checkbox('normalized', 'Normalized')],
        ],
      },
    ],
  },
  buildQuery: (formData) => ({ datasource: { id: 1, type: 'table' }, form_data: formData, queries: [{}] }),
  transformProps: () => ({}),
  loadRenderer: () => Promise.resolve(() => null),
};

vi.mock('../../chart/utils/pluginRegistry', () => ({
  getChartPlugin: (vizType: string) => (vizType === 'graph_chart' ? graph : undefined),
  listChartPlugins: () => [graph],
}));

async function renderExplore() {
  const mock = installFetchMock();
  mockLoggedIn(mock);
  mock.on('GET', '/api/v1/explore/', {
    body: { result: { form_data: { datasource: '1__table', viz_type: 'graph_chart' }, dataset: FLIGHTS_DATASOURCE, slice: null, message: null, can_add: true, can_download: true, can_overwrite: false } },
  });
  renderWithProviders(<ExploreView />, { route: '/explore/?datasource_type=table&datasource_id=1' });
  return waitFor(() => document.querySelector<HTMLElement>('[data-test="explore-view"]') ?? Promise.reject(new Error('no explore view')));
}

const cellsOfRow = (controlName: string) => {
  const row = document.querySelector(`[data-test="control-${controlName}"]`)!.closest<HTMLElement>('[data-test="control-row"]')!;
  return { row, cells: [...row.children] as HTMLElement[] };
};

describe('ExploreView layout', () => {
  it('fits the viewport below the top nav and inside the page padding; the data pane scrolls inside its half', async () => {
    const view = await renderExplore();
    // 100vh less the 64px top nav and AppLayout's content padding above and below (clamp(12px, 3vw, 24px)).
    expect(view.style.height).toMatch(/^calc\(.*100vh.*64px.*clamp/);
    const dataPaneBox = document.querySelector('[data-test="data-pane"]')!.parentElement!;
    expect(dataPaneBox.style.maxHeight).toBe('50%');
    expect(dataPaneBox.style.overflow).toBe('auto');
  });

  it('wraps side-by-side control rows that do not fit: pickers need room, checkboxes keep their label on one line', async () => {
    await renderExplore();
    const pickers = cellsOfRow('source_category');
    expect(pickers.row.style.flexWrap).toBe('wrap');
    expect(pickers.cells.map((cell) => cell.style.minWidth)).toEqual(['180px', '180px']);

    const selects = cellsOfRow('sort_x_axis');
    expect(selects.row.style.flexWrap).toBe('wrap');
    expect(selects.cells.map((cell) => cell.style.minWidth)).toEqual(['120px', '120px']);

    const checkboxes = cellsOfRow('show_values');
    expect(checkboxes.row.style.flexWrap).toBe('wrap');
    // As wide as its label (flex-basis auto), so a row of three wraps rather than breaking "Show values".
    expect(checkboxes.cells.map((cell) => cell.style.flexBasis)).toEqual(['auto', 'auto', 'auto']);
  });
});
