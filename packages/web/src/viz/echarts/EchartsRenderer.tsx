import { useMemo } from 'react';
import type { EChartsCoreOption } from 'echarts/core';
import type { RendererProps } from '../types';
import { EChart } from './EChart';

/** Props of every ECharts-drawn chart: transformProps builds the whole option. */
export interface EchartsProps {
  echartOptions: EChartsCoreOption;
  /** Series/category name → the filter a click on it stands for (cross-filters and drill menus). */
  filterColumns?: string[];
  /** The clicked point's filter value is its series name (timeseries: one series per groupby value), not its category. */
  filterBySeries?: boolean;
  [key: string]: unknown;
}

/**
 * The filter a right-clicked point stands for: its category on the first filter column, or its series name where
 * series are the groupby values (timeseries). A series named after several groupby values cannot be split back
 * into one filter per column, so it gives none.
 */
export function contextMenuFilters(
  params: { name?: string; seriesName?: string },
  filterColumns: string[] | undefined,
  filterBySeries: boolean | undefined,
): { col: string; op: string; val: unknown }[] {
  const col = filterColumns?.[0];
  const value = filterBySeries ? (filterColumns?.length === 1 ? params.seriesName : undefined) : params.name;
  return col && value !== undefined ? [{ col, op: '==', val: value }] : [];
}

/** The renderer shared by plugins whose transformProps returns a complete ECharts option. */
export function EchartsRenderer({ props, width, height, onRendered, onRenderError, onContextMenu }: RendererProps<EchartsProps>) {
  const { filterColumns, filterBySeries } = props;
  const eventHandlers = useMemo(() => {
    if (!onContextMenu) return undefined;
    return {
      contextmenu: (params: { name?: string; seriesName?: string; event?: { event?: MouseEvent } }) => {
        const mouse = params.event?.event;
        mouse?.preventDefault();
        onContextMenu({ clientX: mouse?.clientX ?? 0, clientY: mouse?.clientY ?? 0, filters: contextMenuFilters(params, filterColumns, filterBySeries) });
      },
    };
  }, [onContextMenu, filterColumns, filterBySeries]);
  return <EChart option={props.echartOptions} width={width} height={height} onRendered={onRendered} onRenderError={onRenderError} eventHandlers={eventHandlers} />;
}
