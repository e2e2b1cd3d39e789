import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DASHBOARD_MESSAGES, GRID_ID, GRID_BASE_UNIT, type DashboardLayout } from '@tessera/core';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { createAppStore } from '../../../app/store';
import { selectToasts } from '../../toasts';
import { LayoutElementsPane } from '../builder/LayoutElementsPane';
import { buildLayout, chart, column, row, type Node } from '../layout/layoutTestUtils';
import { validateLayoutTree } from '../layout/validateLayoutTree';
import { layoutEdited, layoutEdits, layoutLoaded, selectLayout } from '../state/dashboardLayoutSlice';
import { dashboardStateActions, selectDashboardState } from '../state/dashboardStateSlice';
import { DashboardGrid } from './DashboardGrid';

// The holder is another part's; here only what the grid hands it matters.
const holderRenders = new Map<number, number>();
vi.mock('../chartHolder', () => ({
  ChartHolder: (props: { chartId: number; width: number; height: number; isComponentVisible: boolean }) => {
    holderRenders.set(props.chartId, (holderRenders.get(props.chartId) ?? 0) + 1);
    return <div data-test="holder" data-chart={props.chartId} data-visible={String(props.isComponentVisible)} data-width={props.width} data-height={props.height} />;
  },
}));

function setup(layout: DashboardLayout, { editMode = false, reportMode = false } = {}) {
  const store = createAppStore();
  store.dispatch(layoutLoaded(layout));
  store.dispatch(dashboardStateActions.setEditMode(editMode));
  const view = renderWithProviders(
    <>
      <DashboardGrid width={1200} reportMode={reportMode} />
      {editMode ? <LayoutElementsPane /> : null}
    </>,
    { store },
  );
  return { ...view, store };
}

const holder = (chartId: number) => document.querySelector<HTMLElement>(`[data-test="holder"][data-chart="${chartId}"]`);
const dataTransfer = () => ({ setData: () => undefined, setDragImage: () => undefined, effectAllowed: '', dropEffect: '' });

function drop(source: Element, target: Element) {
  fireEvent.dragStart(source, { dataTransfer: dataTransfer() });
  fireEvent.dragOver(target, { dataTransfer: dataTransfer() });
  fireEvent.drop(target, { dataTransfer: dataTransfer() });
}

function zone(parentId: string, index: number): Element {
  const found = document.querySelector(`[data-test="dashboard-drop-indicator"][data-drop-parent="${parentId}"][data-drop-index="${index}"]`);
  if (!found) throw new Error(`no drop zone ${parentId}#${index}`);
  return found;
}

const tabbed = () =>
  buildLayout(
    [],
    ['TABS-top', 'TABS', {}, [
      ['TAB-a', 'TAB', { text: 'First' }, [row('R1', [chart('C1', 1)])]],
      ['TAB-b', 'TAB', { text: 'Second' }, [row('R2', [chart('C2', 2)])]],
    ]],
  );

describe('DashboardGrid', () => {
  it('draws components with their ids, types and sizes from the grid units', () => {
    setup(buildLayout([row('R1', [chart('C1', 1, 6, 40), column('COL1', 3, [chart('C2', 2, 4, 20)])])]));
    const chartElement = document.getElementById('C1')!;
    expect(chartElement.dataset.test).toBe('dashboard-component-chart');
    expect(chartElement.getAttribute('data-test-chart-id')).toBe('1');
    // (1200 + 16) / 12 * 6 - 16 = 592
    expect(holder(1)!.dataset.width).toBe('592');
    expect(holder(1)!.dataset.height).toBe(String(40 * GRID_BASE_UNIT));
    // A chart in a column takes the column's width: (1216 / 12) * 3 - 16 = 288
    expect(holder(2)!.dataset.width).toBe('288');
    expect(document.getElementById('COL1')!.dataset.test).toBe('dashboard-component-column');
  });

  it('switches tabs: charts in a hidden tab are not visible and stay mounted once shown', () => {
    const { store } = setup(tabbed());
    expect(holder(1)!.dataset.visible).toBe('true');
    expect(holder(2)).toBeNull();
    fireEvent.click(screen.getByText('Second'));
    expect(selectDashboardState(store.getState()).activeTabs).toEqual(['TAB-b']);
    expect(holder(2)!.dataset.visible).toBe('true');
    expect(holder(1)!.dataset.visible).toBe('false');
    fireEvent.click(screen.getByText('First'));
    expect(holder(2)!.dataset.visible).toBe('false');
    expect(holder(1)!.dataset.visible).toBe('true');
  });

  describe('with IntersectionObserver', () => {
    const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; elements: Element[] }[] = [];
    beforeEach(() => {
      observers.length = 0;
      vi.stubGlobal(
        'IntersectionObserver',
        class {
          elements: Element[] = [];
          constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
            observers.push({ callback, options, elements: this.elements });
          }
          observe(element: Element) {
            this.elements.push(element);
          }
          disconnect() {}
          unobserve() {}
        },
      );
    });
    afterEach(() => vi.unstubAllGlobals());

    it('makes a chart visible once it comes within a viewport of the screen, and keeps it so', () => {
      setup(buildLayout([row('R1', [chart('C1', 1)])]));
      expect(holder(1)!.dataset.visible).toBe('false');
      const observer = observers.find((o) => o.elements.some((e) => e.id === 'C1'))!;
      expect(observer.options?.rootMargin).toBe('100% 0px');
      act(() => observer.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
      expect(holder(1)!.dataset.visible).toBe('true');
      act(() => observer.callback([{ isIntersecting: false } as IntersectionObserverEntry], {} as IntersectionObserver));
      expect(holder(1)!.dataset.visible).toBe('true');
    });

    it('shows every chart at once in report mode', () => {
      setup(buildLayout([row('R1', [chart('C1', 1)]), row('R2', [chart('C2', 2)])]), { reportMode: true });
      expect(holder(1)!.dataset.visible).toBe('true');
      expect(holder(2)!.dataset.visible).toBe('true');
    });
  });

  it('wraps a markdown dropped on the grid in a new row', () => {
    const { store } = setup(buildLayout([row('R1', [chart('C1', 1)])]), { editMode: true });
    const markdownSource = document.querySelector('[data-test="new-component"][data-component-type="MARKDOWN"]')!;
    drop(markdownSource, zone(GRID_ID, 1));
    const layout = selectLayout(store.getState());
    const newRow = layout[layout[GRID_ID]!.children[1]!]!;
    expect(newRow.type).toBe('ROW');
    expect(layout[newRow.children[0]!]!.type).toBe('MARKDOWN');
    expect(within(document.getElementById(newRow.id)!).getByText('Markdown')).toBeTruthy();
  });

  it('moves a chart onto the grid in its own row, removing the row it left', () => {
    const { store } = setup(buildLayout([row('R1', [chart('C1', 1)]), row('R2', [chart('C2', 2)])]), { editMode: true });
    const handle = within(document.getElementById('C2')!.parentElement!).getByLabelText('Drag to move');
    drop(handle, zone(GRID_ID, 0));
    const layout = selectLayout(store.getState());
    expect(layout.R2).toBeUndefined();
    expect(layout[layout[GRID_ID]!.children[0]!]!.children).toEqual(['C2']);
    expect(validateLayoutTree(layout)).toEqual([]);
  });

  it('shows the spec message when a drop does not fit the row', () => {
    const { store } = setup(buildLayout([row('R1', [chart('C1', 1, 6), chart('C2', 2, 6)])]), { editMode: true });
    drop(document.querySelector('[data-component-type="COLUMN"]')!, zone('R1', 1));
    expect(selectLayout(store.getState()).R1!.children).toEqual(['C1', 'C2']);
    expect(selectToasts(store.getState())).toEqual([expect.objectContaining({ toastType: 'WARNING_TOAST', text: DASHBOARD_MESSAGES.noSpace })]);
  });

  it('resizes a chart by dragging its edges, snapped to whole columns and height units', () => {
    const { store } = setup(buildLayout([row('R1', [chart('C1', 1, 4, 50)])]), { editMode: true });
    const slot = document.getElementById('C1')!;
    // One column step is (1200 + 16) / 12 = 101.33 px: 150 px snaps to one more column.
    fireEvent.mouseDown(within(slot).getByLabelText('Resize width'), { clientX: 0, clientY: 0 });
    fireEvent.mouseMove(document, { clientX: 150, clientY: 0 });
    expect(holder(1)!.dataset.width).toBe(String(((1200 + 16) / 12) * 5 - 16));
    fireEvent.mouseUp(document, { clientX: 150, clientY: 0 });
    expect(selectLayout(store.getState()).C1!.meta.width).toBe(5);
    // 45 px down is 5.6 units: 6 more.
    fireEvent.mouseDown(within(slot).getByLabelText('Resize height'), { clientX: 0, clientY: 0 });
    fireEvent.mouseMove(document, { clientX: 0, clientY: 45 });
    fireEvent.mouseUp(document);
    expect(selectLayout(store.getState()).C1!.meta.height).toBe(56);
  });

  it('sanitises markdown: no script element, no event handler', () => {
    setup(buildLayout([row('R1', [['M1', 'MARKDOWN', { width: 4, height: 20, code: '# Hello\n\n<script>window.hacked = true</script>\n\n<img src="x.png" onerror="window.hacked = true">' }]])]));
    const markdown = document.getElementById('M1')!;
    expect(within(markdown).getByRole('heading', { name: 'Hello' })).toBeTruthy();
    expect(markdown.querySelector('script')).toBeNull();
    expect(markdown.querySelector('img')!.getAttribute('onerror')).toBeNull();
  });

  it('redraws only the changed branch of a 200-chart layout', () => {
    const rows: Node[] = Array.from({ length: 67 }, (_, r) => row(`R${r}`, [0, 1, 2].map((c) => chart(`C${r * 3 + c}`, r * 3 + c + 1))));
    const { store } = setup(buildLayout(rows));
    expect(document.querySelectorAll('[data-test="holder"]').length).toBeGreaterThanOrEqual(200);
    holderRenders.clear();
    act(() => {
      store.dispatch(layoutEdited(layoutEdits.resize('C7', { height: 30 })));
    });
    expect([...holderRenders.keys()]).toEqual([8]);
  });

  it('deletes a column with the charts inside it, and the row it leaves empty', () => {
    const { store } = setup(buildLayout([row('R1', [column('COL1', 6, [chart('C1', 1), chart('C2', 2)])]), row('R2', [chart('C3', 3)])]), { editMode: true });
    const columnChrome = document.getElementById('COL1')!.parentElement!;
    // The first trash button in the column's chrome is the column's own (the charts' sit deeper).
    fireEvent.click(within(columnChrome).getAllByLabelText('Delete')[0]!);
    const layout = selectLayout(store.getState());
    expect(['COL1', 'C1', 'C2', 'R1'].filter((id) => layout[id])).toEqual([]);
    expect(holder(1)).toBeNull();
    expect(holder(3)).not.toBeNull();
  });

  it('paints a row and a column white or transparent from their background menus', async () => {
    const { store } = setup(buildLayout([row('R1', [column('COL1', 6, [chart('C1', 1)])])]), { editMode: true });
    const pick = async (componentId: string, choice: string) => {
      const chrome = document.getElementById(componentId)!.parentElement!;
      fireEvent.click(within(chrome).getAllByLabelText('Background')[0]!);
      // Each menu opened stays in the document; the one just opened is the last.
      fireEvent.click((await screen.findAllByText(choice, { selector: '.ant-dropdown-menu-title-content' })).at(-1)!);
    };
    await pick('R1', 'White');
    expect(selectLayout(store.getState()).R1!.meta.background).toBe('BACKGROUND_WHITE');
    await pick('COL1', 'White');
    expect(selectLayout(store.getState()).COL1!.meta.background).toBe('BACKGROUND_WHITE');
    expect(document.getElementById('COL1')!.style.background).not.toBe('');
    await pick('COL1', 'Transparent');
    expect(selectLayout(store.getState()).COL1!.meta.background).toBe('BACKGROUND_TRANSPARENT');
    expect(selectLayout(store.getState()).R1!.meta.background).toBe('BACKGROUND_WHITE');
  });

  it('moves a tab by its title into another tabs container, before the tab it is dropped on', () => {
    const { store } = setup(
      buildLayout([
        ['TABS-1', 'TABS', {}, [['TAB-a', 'TAB', { text: 'Alpha' }, []], ['TAB-b', 'TAB', { text: 'Beta' }, []]]],
        ['TABS-2', 'TABS', {}, [['TAB-c', 'TAB', { text: 'Gamma' }, []]]],
      ]),
      { editMode: true },
    );
    const title = (text: string) => screen.getByText(text, { selector: '[data-test="dashboard-tab-title"]' });
    drop(title('Alpha'), title('Gamma'));
    const layout = selectLayout(store.getState());
    expect(layout['TABS-2']!.children).toEqual(['TAB-a', 'TAB-c']);
    expect(layout['TABS-1']!.children).toEqual(['TAB-b']);
    expect(validateLayoutTree(layout)).toEqual([]);
  });
});
