import { useCallback, useRef, useState } from 'react';
import { GRID_BASE_UNIT, GRID_DEFAULT_CHART_HEIGHT, type LayoutComponent } from '@tessera/core';
import { ChartHolder } from '../chartHolder';
import { EditChrome } from '../builder/EditChrome';
import { ResizeHandles, type ResizeSize } from '../builder/ResizeHandles';
import { componentWidth } from '../layout/layoutRules';
import { layoutEdits, tryLayoutEdit, useLayoutDispatch } from '../state/dashboardLayoutSlice';
import { useGridSettings, useTabVisible } from './GridContext';
import { columnStepPx, unitsToPx } from './gridWidth';
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
  const { containerWidth, editMode, reportMode } = useGridSettings();
  const tabVisible = useTabVisible();
  const ref = useRef<HTMLDivElement>(null);
  const seen = useSeenOnce(ref, tabVisible && !reportMode);
  const [preview, setPreview] = useState<ResizeSize | null>(null);
  const units = componentWidth(component);
  const heightUnits = typeof component.meta.height === 'number' ? component.meta.height : GRID_DEFAULT_CHART_HEIGHT;
  const width = unitsToPx(columnWidth ?? preview?.width ?? units, containerWidth);
  const height = (preview?.height ?? heightUnits) * GRID_BASE_UNIT;
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
        {editMode ? (
          <ResizeHandles
            id={component.id}
            width={units}
            height={heightUnits}
            columnStep={columnStepPx(containerWidth)}
            canResizeWidth={columnWidth === undefined}
            canResizeHeight
            onPreview={setPreview}
          />
        ) : null}
      </div>
    </EditChrome>
  );
}
