import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useCreateChartMutation, useUpdateChartMutation } from '../../../api/chartApi';
import { useCreateDatasetMutation } from '../../../api/datasetApi';
import { useCreateDashboardMutation } from '../../../api/dashboardApi';
import { getErrorSaveMessage } from '../../errors';
import { useToasts } from '../../toasts';
import { useCurrentUser } from '../../auth';
import { getChartPlugin } from '../../chart';
import { sliceSaved } from '../state/exploreSlice';
import { useExploreDispatch, useExploreState } from '../state/ExploreContext';
import { SAVE_MESSAGES, buildChartPayload, fill, type SaveAction } from '../utils/savePayload';
import { useExplorePermissions } from './useExplorePermissions';

/** An existing dashboard (id) or a new one to create first (title). */
export type DashboardChoice = { id: number; title: string } | { title: string; isNew: true } | null;

export interface SaveRequest {
  action: SaveAction;
  sliceName: string;
  dashboard: DashboardChoice;
  goToDashboard: boolean;
}

/** Saves the chart (and a new dashboard first when one was typed in), toasts the outcome and moves the address. */
export function useSaveChart() {
  const state = useExploreState();
  const dispatch = useExploreDispatch();
  const navigate = useNavigate();
  const permissionsFor = useExplorePermissions();
  const { user } = useCurrentUser();
  const { addSuccessToast, addDangerToast } = useToasts();
  const [createChart] = useCreateChartMutation();
  const [updateChart] = useUpdateChartMutation();
  const [createDashboard] = useCreateDashboardMutation();
  const [createDataset] = useCreateDatasetMutation();

  const datasource = state.datasource;
  return useCallback(
    async ({ action, sliceName, dashboard, goToDashboard }: SaveRequest): Promise<boolean> => {
      let dashboardId: number | null = null;
      try {
        if (dashboard && 'isNew' in dashboard) {
          dashboardId = (await createDashboard({ dashboard_title: dashboard.title }).unwrap()).id;
        } else if (dashboard) {
          dashboardId = dashboard.id;
        }
      } catch (error) {
        addDangerToast(getErrorSaveMessage('dashboard', error));
        return false;
      }
      // Charts are saved on datasets: a chart built on a SQL Lab query first turns the query into a virtual
      // dataset named after the chart (Superset asks the same before saving).
      let formData = state.formData;
      const source = datasource as (typeof datasource & { sql?: string | null; schema?: string | null; database?: { id: number } }) | null;
      if (source && (source.type === 'query' || source.type === 'saved_query') && source.database && source.sql) {
        try {
          const created = await createDataset({ database: source.database.id, schema: source.schema ?? null, sql: source.sql, table_name: sliceName }).unwrap();
          formData = { ...formData, datasource: `${created.id}__table` };
        } catch (error) {
          addDangerToast(getErrorSaveMessage('dataset', error));
          return false;
        }
      }
      try {
        const body = buildChartPayload({ action, sliceName, formData, slice: state.slice, dashboardId, plugin: getChartPlugin(state.formData.viz_type) });
        const overwrite = action === 'overwrite' && state.slice !== null;
        const response = overwrite ? await updateChart({ id: state.slice!.slice_id, ...body }).unwrap() : await createChart(body).unwrap();
        const id = overwrite ? state.slice!.slice_id : response.id;
        addSuccessToast(fill(overwrite ? SAVE_MESSAGES.overwritten : SAVE_MESSAGES.saved, sliceName));
        if (dashboard) {
          addSuccessToast('isNew' in dashboard ? fill(SAVE_MESSAGES.dashboardCreated, dashboard.title, sliceName) : fill(SAVE_MESSAGES.addedToDashboard, sliceName, dashboard.title));
        }
        const slice = {
          ...(overwrite ? state.slice : {}),
          slice_id: id,
          slice_name: sliceName,
          dashboards: body.dashboards ?? [],
          // The creator owns a new chart; an overwrite keeps the owners it had.
          owners: overwrite ? (state.slice?.owners ?? []) : user ? [user.id] : [],
          form_data: { ...formData, slice_id: id },
        };
        dispatch(sliceSaved({ slice, permissions: permissionsFor(slice), formDataSaved: true }));
        if (goToDashboard && dashboardId !== null) void navigate(`/superset/dashboard/${dashboardId}/`);
        else void navigate(`/explore/?slice_id=${id}`, { replace: true, state: { savedSliceId: id } });
        return true;
      } catch (error) {
        addDangerToast(getErrorSaveMessage('chart', error));
        return false;
      }
    },
    [state.formData, datasource, state.slice, user, dispatch, navigate, permissionsFor, addSuccessToast, addDangerToast, createChart, updateChart, createDashboard, createDataset],
  );
}
