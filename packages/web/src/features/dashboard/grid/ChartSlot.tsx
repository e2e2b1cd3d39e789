import { useCallback, useRef } from 'react';
import { GRID_DEFAULT_CHART_HEIGHT, type LayoutComponent } from '@tessera/core';
import { ChartHolder } from '../chartHolder';
import { EditChrome } from '../builder/EditChrome';
import { layoutEdits, tryLayoutEdit, useLayoutDispatch } from '../state/dashboardLayoutSlice';
import { useGridSettings, useTabVisible } from './GridContext';
import { useResizableSize } from './useResizableSize';
import { useSeenOnce } from './useSeenOnce';

export interface ChartSlotProps {
  component: LayoutComponent;
  columnWidth?: number;
}

/**
 * A CHART: sizes its holder from the grid units, and says whether the chart may query: not in a hidden tab, and
 * only once it came near the screen (all at once in report mode). A chart that was visible stays mounted.
 */
export function ChartSlot({ component, columnWidth }: ChartSlotProps) {
  const dispatch = useLayoutDispatch();
  const { editMode, reportMode } = useGridSettings();
  const tabVisible = useTabVisible();
  const ref = useRef<HTMLDivElement>(null);
  const seen = useSeenOnce(ref, tabVisible && !reportMode);
  const { width, height, handles } = useResizableSize(component, GRID_DEFAULT_CHART_HEIGHT, columnWidth);
  const onSliceNameChange = useCallback(
    (name: string) => dispatch(tryLayoutEdit(layoutEdits.meta(component.id, { sliceNameOverride: name.trim() }))),
    [dispatch, component.id],
  );
  const chartId = Number(component.meta.chartId);
  return (
    <EditChrome id={component.id} editMode={editMode}>
      <div
        ref={ref}
        id={component.id}
        data-test="dashboard-component-chart"
        data-test-chart-id={chartId}
        style={{ width, height, position: 'relative' }}
      >
        <ChartHolder
          chartId={chartId}
          componentId={component.id}
          width={width}
          height={height}
          isComponentVisible={tabVisible && (reportMode || seen)}
          sliceNameOverride={component.meta.sliceNameOverride}
          onSliceNameChange={onSliceNameChange}
          editMode={editMode}
        />
        {handles}
      </div>
    </EditChrome>
  );
}
