import { useMemo } from 'react';
import type { EChartsCoreOption } from 'echarts/core';
import type { RendererProps } from '../types';
import { EChart } from './EChart';

/** Props of every ECharts-drawn chart: transformProps builds the whole option. */
export interface EchartsProps {
  echartOptions: EChartsCoreOption;
  /** Series/category name → the filter a click on it stands for (cross-filters and drill menus). */
  filterColumns?: string[];
  [key: string]: unknown;
}

/** The renderer shared by plugins whose transformProps returns a complete ECharts option. */
export function EchartsRenderer({ props, width, height, onRendered, onRenderError, onContextMenu }: RendererProps<EchartsProps>) {
  const { filterColumns } = props;
  const eventHandlers = useMemo(() => {
    if (!onContextMenu) return undefined;
    return {
      contextmenu: (params: { name?: string; event?: { event?: MouseEvent } }) => {
        const mouse = params.event?.event;
        mouse?.preventDefault();
        const col = filterColumns?.[0];
        onContextMenu({
          clientX: mouse?.clientX ?? 0,
          clientY: mouse?.clientY ?? 0,
          filters: col && params.name !== undefined ? [{ col, op: '==', val: params.name }] : [],
        });
      },
    };
  }, [onContextMenu, filterColumns]);
  return <EChart option={props.echartOptions} width={width} height={height} onRendered={onRendered} onRenderError={onRenderError} eventHandlers={eventHandlers} />;
}
