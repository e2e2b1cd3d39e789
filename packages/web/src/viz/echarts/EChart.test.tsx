import { describe, expect, it, vi } from 'vitest';
import { createRef } from 'react';
import { render } from '@testing-library/react';
import type { EChartHandle } from './EChart';

// ECharts needs a real canvas, which jsdom lacks: a stand-in instance records what the wrapper asks of it.
const instance = vi.hoisted(() => {
  const handlers = new Map<string, Set<(p?: unknown) => void>>();
  return {
    handlers,
    setOption: vi.fn(),
    resize: vi.fn(),
    dispose: vi.fn(),
    getDataURL: vi.fn(() => 'data:image/png;base64,AAA'),
    on: vi.fn((name: string, fn: (p?: unknown) => void) => handlers.set(name, (handlers.get(name) ?? new Set()).add(fn))),
    off: vi.fn((name: string, fn: (p?: unknown) => void) => handlers.get(name)?.delete(fn)),
    emit: (name: string, p?: unknown) => handlers.get(name)?.forEach((fn) => fn(p)),
  };
});
vi.mock('echarts/core', async (importOriginal) => ({ ...(await importOriginal<object>()), init: vi.fn(() => instance) }));

const { EChart } = await import('./EChart');
const { init } = await import('echarts/core');
const { EChartAnimationContext } = await import('./chartAnimation');

describe('EChart', () => {
  it('sets the option, reports rendered once per option after "finished", resizes and disposes', () => {
    const onRendered = vi.fn();
    const option = { series: [] };
    const { rerender, unmount } = render(<EChart option={option} width={300} height={200} onRendered={onRendered} />);
    expect(instance.setOption).toHaveBeenCalledWith(option, { notMerge: true, lazyUpdate: false });
    // The size goes to init: ECharts does not read it from the DOM (a forced layout per chart), nor resizes at once.
    expect(init).toHaveBeenLastCalledWith(expect.any(HTMLDivElement), undefined, { renderer: 'canvas', width: 300, height: 200 });
    expect(instance.resize).not.toHaveBeenCalled();
    instance.emit('finished');
    instance.emit('finished');
    expect(onRendered).toHaveBeenCalledTimes(1);

    rerender(<EChart option={option} width={500} height={200} onRendered={onRendered} />);
    expect(instance.resize).toHaveBeenLastCalledWith({ width: 500, height: 200 });
    expect(instance.setOption).toHaveBeenCalledTimes(1);

    unmount();
    expect(instance.dispose).toHaveBeenCalled();
  });

  it('turns a setOption failure into a render error and exposes the PNG export', () => {
    instance.setOption.mockImplementationOnce(() => {
      throw new Error('bad option');
    });
    const onRenderError = vi.fn();
    const ref = createRef<EChartHandle>();
    render(<EChart ref={ref} option={{ series: [{ type: 'nope' }] }} width={100} height={100} onRenderError={onRenderError} />);
    expect(onRenderError).toHaveBeenCalledWith(new Error('bad option'));
    expect(ref.current!.getDataURL()).toBe('data:image/png;base64,AAA');
    expect(instance.getDataURL).toHaveBeenCalledWith({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' });
  });
  it('draws without animation where the page turns it off (dashboards)', () => {
    render(
      <EChartAnimationContext value={false}>
        <EChart option={{ series: [] }} width={300} height={200} />
      </EChartAnimationContext>,
    );
    expect(instance.setOption).toHaveBeenLastCalledWith({ series: [], animation: false }, { notMerge: true, lazyUpdate: false });
  });
  it('keeps tooltips inside the chart unless the chart says otherwise', () => {
    render(<EChart option={{ series: [], tooltip: { trigger: 'axis' } }} width={300} height={200} />);
    expect(instance.setOption).toHaveBeenLastCalledWith({ series: [], tooltip: { trigger: 'axis', confine: true } }, { notMerge: true, lazyUpdate: false });
    render(<EChart option={{ series: [], tooltip: [{ trigger: 'item', confine: false }, { trigger: 'axis' }] }} width={300} height={200} />);
    expect(instance.setOption).toHaveBeenLastCalledWith({ series: [], tooltip: [{ trigger: 'item', confine: false }, { trigger: 'axis', confine: true }] }, { notMerge: true, lazyUpdate: false });
  });
});
