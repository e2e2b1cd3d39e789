import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { DASHBOARD_MESSAGES, type ChartListItem } from '@tessera/core';
import { exploreApi } from '../../../api/exploreApi';
import { addToast } from '../../toasts';
import type { DropDestination } from '../layout/layoutResult';
import { layoutEdits, tryLayoutEdit, type DashboardLayoutRootState } from '../state/dashboardLayoutSlice';
import { dashboardStateActions } from '../state/dashboardStateSlice';
import type { DragPayload } from './dragState';

type DropThunk = ThunkAction<Promise<boolean>, DashboardLayoutRootState, unknown, UnknownAction>;

function hasDefinition(chart: ChartListItem | undefined): chart is ChartListItem {
  return Boolean(chart && chart.form_data && Object.keys(chart.form_data).length > 0 && chart.datasource_id);
}

/**
 * A chart added from the "Charts" pane joins the dashboard's charts (the holder reads it there) and its dataset is
 * fetched the way the explorer gets it, so the chart can draw before the dashboard is saved.
 */
function addChart(chart: ChartListItem | undefined, destination: DropDestination): DropThunk {
  return async (dispatch) => {
    if (!hasDefinition(chart)) {
      dispatch(addToast('WARNING_TOAST', DASHBOARD_MESSAGES.missingChartDefinition));
      return false;
    }
    const spec = { type: 'CHART' as const, chartId: chart.id, sliceName: chart.slice_name, uuid: chart.uuid };
    if (!dispatch(tryLayoutEdit(layoutEdits.add(spec, destination)))) return false;
    dispatch(dashboardStateActions.chartsAdded({ charts: [chart] }));
    const request = dispatch(exploreApi.endpoints.getExploreBootstrap.initiate({ slice_id: chart.id }));
    try {
      const bootstrap = await request.unwrap();
      dispatch(dashboardStateActions.chartsAdded({ charts: [], datasets: [bootstrap.dataset] }));
    } catch {
      // The holder shows the chart's own error when its dataset cannot be read; the layout keeps the chart.
    } finally {
      request.unsubscribe();
    }
    return true;
  };
}

/** Handles a drop on the layout: a move, a new layout element, or a new chart. */
export function dropOnLayout(payload: DragPayload, destination: DropDestination): DropThunk {
  return async (dispatch) => {
    if (payload.kind === 'move') return dispatch(tryLayoutEdit(layoutEdits.move(payload.id, destination)));
    if (payload.spec.type === 'CHART') return dispatch(addChart(payload.chart, destination));
    return dispatch(tryLayoutEdit(layoutEdits.add(payload.spec, destination)));
  };
}
