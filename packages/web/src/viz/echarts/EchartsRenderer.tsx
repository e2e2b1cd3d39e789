import { useMemo } from 'react';
import type { EChartsCoreOption } from 'echarts/core';
import type { RendererProps } from '../types';
import { clickSelection, highlightSelection, type EchartsClickParams, type EchartsCrossFilterProps } from './crossFilterClick';
import { EChart } from './EChart';

/** Props of every ECharts-drawn chart: transformProps builds the whole option. */
export interface EchartsProps extends EchartsCrossFilterProps {
  echartOptions: EChartsCoreOption;
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
export function EchartsRenderer({ props, width, height, onRendered, onRenderError, onContextMenu, onCrossFilter, crossFilterSelection }: RendererProps<EchartsProps>) {
  const { filterColumns, filterBySeries, labelMap } = props;
  const eventHandlers = useMemo(() => {
    if (!onContextMenu && !onCrossFilter) return undefined;
    const crossFilterProps = { filterColumns, filterBySeries, labelMap };
    const handlers: Record<string, (params: EchartsClickParams & { event?: { event?: MouseEvent } }) => void> = {};
    if (onContextMenu) {
      handlers.contextmenu = (params) => {
        const mouse = params.event?.event;
        mouse?.preventDefault();
        const crossFilter = onCrossFilter ? clickSelection(params, crossFilterProps) : null;
        onContextMenu({ clientX: mouse?.clientX ?? 0, clientY: mouse?.clientY ?? 0, filters: contextMenuFilters(params, filterColumns, filterBySeries), crossFilter });
      };
    }
    if (onCrossFilter) {
      handlers.click = (params) => {
        const selection = clickSelection(params, crossFilterProps);
        if (selection) onCrossFilter(selection);
      };
    }
    return handlers;
  }, [onContextMenu, onCrossFilter, filterColumns, filterBySeries, labelMap]);
  const option = useMemo(
    () => highlightSelection(props.echartOptions, crossFilterSelection?.values, { filterColumns, filterBySeries, labelMap }),
    [props.echartOptions, crossFilterSelection, filterColumns, filterBySeries, labelMap],
  );
  return <EChart option={option} width={width} height={height} onRendered={onRendered} onRenderError={onRenderError} eventHandlers={eventHandlers} />;
}
