import { useContext, useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { init, use as registerEchartsParts, type EChartsCoreOption, type EChartsType } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { GraphicComponent, GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { LabelLayout } from 'echarts/features';
import { EChartAnimationContext } from './chartAnimation';

// The pieces every chart uses; chart types and extra components are registered by each renderer module.
registerEchartsParts([CanvasRenderer, GridComponent, TooltipComponent, LegendComponent, TitleComponent, GraphicComponent, LabelLayout]);

export interface EChartHandle {
  /** A PNG data URL of the drawn chart (white background), for "Download as image". */
  getDataURL(): string | undefined;
  getInstance(): EChartsType | undefined;
}

export type EChartEventHandler = (params: any) => void;

export interface EChartProps {
  option: EChartsCoreOption;
  width: number;
  height: number;
  onRendered?: () => void;
  onRenderError?: (error: Error) => void;
  /** ECharts event name → handler, e.g. { click: ... , contextmenu: ... }. */
  eventHandlers?: Record<string, EChartEventHandler>;
  ref?: Ref<EChartHandle>;
}

/**
 * Tooltips stay inside the chart's box: a tall one (a dozen series) would otherwise open above the chart and be
 * cut off by the pane around it. A chart that chose otherwise keeps its choice.
 */
export function withConfinedTooltip(option: EChartsCoreOption): EChartsCoreOption {
  const confine = (tooltip: unknown) =>
    tooltip !== null && typeof tooltip === 'object' && !('confine' in tooltip) ? { ...tooltip, confine: true } : tooltip;
  const { tooltip } = option as { tooltip?: unknown };
  if (tooltip === undefined) return option;
  return { ...option, tooltip: Array.isArray(tooltip) ? tooltip.map(confine) : confine(tooltip) };
}

/** The single wrapper over an ECharts instance: canvas renderer, resize on size change, dispose on unmount. */
export function EChart({ option, width, height, onRendered, onRenderError, eventHandlers, ref }: EChartProps) {
  const divRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsType | undefined>(undefined);
  const callbacks = useRef({ onRendered, onRenderError });
  useEffect(() => {
    callbacks.current = { onRendered, onRenderError };
  });

  useImperativeHandle(ref, () => ({
    getDataURL: () => chartRef.current?.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' }),
    getInstance: () => chartRef.current,
  }));

  // The size given to init and resize: ECharts reads the box's size from the DOM otherwise, a forced layout per chart
  // (forty of them in a row when a dashboard's answers land together).
  const size = useRef({ width, height });
  const animate = useContext(EChartAnimationContext);

  useEffect(() => {
    const chart = init(divRef.current!, undefined, { renderer: 'canvas', ...size.current });
    chartRef.current = chart;
    return () => {
      chart.dispose();
      chartRef.current = undefined;
    };
  }, []);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart || (size.current.width === width && size.current.height === height)) return;
    size.current = { width, height };
    chart.resize({ width, height });
  }, [width, height]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    let reported = false;
    // 'finished' fires after every frame settles; report the first one per option change only.
    const onFinished = () => {
      if (reported) return;
      reported = true;
      callbacks.current.onRendered?.();
    };
    chart.on('finished', onFinished);
    try {
      const confined = withConfinedTooltip(option);
      chart.setOption(animate ? confined : { ...confined, animation: false }, { notMerge: true, lazyUpdate: false });
    } catch (error) {
      callbacks.current.onRenderError?.(error instanceof Error ? error : new Error(String(error)));
    }
    return () => {
      chart.off('finished', onFinished);
    };
  }, [option, animate]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart || !eventHandlers) return;
    const entries = Object.entries(eventHandlers);
    for (const [name, handler] of entries) chart.on(name, handler);
    return () => {
      for (const [name, handler] of entries) chart.off(name, handler);
    };
  }, [eventHandlers]);

  return <div ref={divRef} style={{ width, height }} data-testid="echart" />;
}
