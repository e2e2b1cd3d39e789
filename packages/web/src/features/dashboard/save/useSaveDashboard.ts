import { useCallback, useState } from 'react';
import { useDispatch, useStore } from 'react-redux';
import { DASHBOARD_MESSAGES, parseJsonMetadata, withScopesFilled } from '@tessera/core';
import type { AppDispatch } from '../../../app/store';
import { dashboardApi, useUpdateDashboardMutation, type DashboardUpdate } from '../../../api/dashboardApi';
import { httpStatus } from '../../../api/httpTypes';
import { useToasts } from '../../toasts';
import { layoutLoaded, selectLayout, serializeLayout } from '../page/layoutBridge';
import { dashboardStateActions, selectDashboardState, type DashboardState } from '../state/dashboardStateSlice';
import { buildSavePayload, changedFields } from './buildSavePayload';
import { saveErrorMessage } from './saveErrorMessage';

export interface PendingOverwrite {
  fields: string[];
  payload: DashboardUpdate;
}

export interface SaveDashboard {
  save: () => Promise<void>;
  saving: boolean;
  /** Set after a 409: the save waits for the user to confirm the overwrite. */
  pendingOverwrite: PendingOverwrite | null;
  confirmOverwrite: () => Promise<void>;
  cancelOverwrite: () => void;
}

/**
 * The edit-mode Save (spec §4, §5): PUT the layout and metadata with `last_modified_time`; a 409 (the stored dashboard
 * moved on) asks 'Please confirm the overwrite values.' listing what differs, and the confirmation re-sends without it.
 */
export function useSaveDashboard(onSaved: (info: NonNullable<DashboardState['info']>) => void): SaveDashboard {
  const dispatch = useDispatch<AppDispatch>();
  const store = useStore();
  const [updateDashboard] = useUpdateDashboardMutation();
  const { addSuccessToast, addDangerToast } = useToasts();
  const [pendingOverwrite, setPendingOverwrite] = useState<PendingOverwrite | null>(null);
  const [saving, setSaving] = useState(false);

  const send = useCallback(
    async (payload: DashboardUpdate): Promise<void> => {
      const current = selectDashboardState(store.getState() as object);
      if (!current.info) return;
      const { id } = current.info;
      setSaving(true);
      dispatch(dashboardStateActions.saveStarted());
      try {
        const answer = await updateDashboard({ id, ...payload }).unwrap();
        const info = { ...current.info, dashboard_title: payload.dashboard_title ?? current.info.dashboard_title, slug: payload.slug ?? null };
        dispatch(
          dashboardStateActions.saveFinished({
            lastModifiedTime: answer.last_modified_time ?? Date.now() / 1000,
            info,
            metadata: parseJsonMetadata(payload.json_metadata),
          }),
        );
        // The saved layout is the new starting point: undo history and the unsaved flag start again.
        dispatch(layoutLoaded(selectLayout(store.getState() as never)));
        dispatch(dashboardStateActions.setEditMode(false));
        addSuccessToast(DASHBOARD_MESSAGES.saved);
        onSaved(info);
      } catch (error) {
        dispatch(dashboardStateActions.saveFinished());
        if (httpStatus(error) === 409 && payload.last_modified_time !== undefined) {
          const { last_modified_time: _stale, ...retry } = payload;
          let fields: string[] = [];
          try {
            const stored = await dispatch(dashboardApi.endpoints.getDashboard.initiate(id, { forceRefetch: true, subscribe: false }));
            fields = stored.data ? changedFields(stored.data as unknown as Record<string, unknown>, payload) : [];
          } catch {
            // The list of fields is a courtesy; the confirmation works without it.
          }
          setPendingOverwrite({ fields, payload: retry });
        } else {
          addDangerToast(saveErrorMessage(error));
        }
      } finally {
        setSaving(false);
      }
    },
    [dispatch, store, updateDashboard, addSuccessToast, addDangerToast, onSaved],
  );

  const save = useCallback(async () => {
    const current = selectDashboardState(store.getState() as object);
    if (!current.info) return;
    const layout = selectLayout(store.getState() as never);
    const payload = buildSavePayload({
      info: current.info,
      // Filters and cross-filters reach the charts of the layout as saved (charts added or moved since included).
      metadata: withScopesFilled(current.metadata, layout),
      positionJson: serializeLayout(layout),
      expandedSlices: current.expandedSlices,
      refreshFrequency: current.refreshFrequency,
      shouldPersistRefreshFrequency: current.shouldPersistRefreshFrequency,
      lastModifiedTime: current.lastModifiedTime,
    });
    await send(payload);
  }, [store, send]);

  const confirmOverwrite = useCallback(async () => {
    const pending = pendingOverwrite;
    setPendingOverwrite(null);
    if (pending) await send(pending.payload);
  }, [pendingOverwrite, send]);

  const cancelOverwrite = useCallback(() => setPendingOverwrite(null), []);

  return { save, saving, pendingOverwrite, confirmOverwrite, cancelOverwrite };
}
