import { useEffect, useMemo, useState } from 'react';
import { use as registerEchartsParts } from 'echarts/core';
import { MapChart, ScatterChart } from 'echarts/charts';
import { GeoComponent, VisualMapComponent } from 'echarts/components';
import { clickSelection, type EchartsClickParams } from '../../echarts/crossFilterClick';
import { EChart } from '../../echarts/EChart';
import type { RendererProps } from '../../types';
import { loadWorldMap, type Centroids } from './loadWorldMap';
import type { WorldMapProps } from './transformProps';

registerEchartsParts([MapChart, ScatterChart, GeoComponent, VisualMapComponent]);

export function WorldMapChart({ props, width, height, onRendered, onRenderError, onCrossFilter }: RendererProps<WorldMapProps>) {
  const [centroids, setCentroids] = useState<Centroids | null>(null);
  useEffect(() => {
    let live = true;
    loadWorldMap().then(
      (c) => live && setCentroids(c),
      (error: unknown) => live && onRenderError?.(error instanceof Error ? error : new Error(String(error))),
    );
    return () => {
      live = false;
    };
  }, [onRenderError]);

  const option = useMemo(() => {
    if (!centroids) return null;
    const { bubbles, maxBubbleSize, bubbleColor } = props;
    if (!bubbles.length) return props.echartOptions;
    const max = Math.max(1, ...bubbles.map((b) => Math.abs(b.size)));
    // Named by atlas id like the regions, so the one tooltip formatter names both.
    const data = bubbles.filter((b) => centroids.has(b.id)).map((b) => ({ name: b.id, value: [...centroids.get(b.id)!, b.size] }));
    const series = [...(props.echartOptions.series as object[]), { type: 'scatter', coordinateSystem: 'geo', data, itemStyle: { color: bubbleColor }, symbolSize: (v: number[]) => Math.sqrt(Math.abs(v[2]!) / max) * maxBubbleSize * 2 }];
    return { ...props.echartOptions, series };
  }, [centroids, props]);

  const { filterColumns } = props;
  const eventHandlers = useMemo(() => {
    if (!onCrossFilter) return undefined;
    return {
      // Regions without data (no filterValues, only the name of their atlas id) select nothing.
      click: (params: EchartsClickParams) => {
        const selection = params.data ? clickSelection({ data: params.data }, { filterColumns }) : null;
        if (selection) onCrossFilter(selection);
      },
    };
  }, [onCrossFilter, filterColumns]);

  if (!option) return <div style={{ width, height }} aria-busy="true" />;
  return <EChart option={option} width={width} height={height} onRendered={onRendered} onRenderError={onRenderError} eventHandlers={eventHandlers} />;
}
