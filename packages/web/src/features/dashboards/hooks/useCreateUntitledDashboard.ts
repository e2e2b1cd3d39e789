import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { UNTITLED_DASHBOARD } from '@tessera/core';
import { useCreateDashboardMutation } from '../../../api/dashboardApi';
import { getClientErrorObject } from '../../errors';
import { useToasts } from '../../toasts';
import { dashboardEditHref } from '../utils/dashboardLinks';

/** Superset's "+ Dashboard": creates an untitled dashboard and opens it in edit mode. */
export function useCreateUntitledDashboard() {
  const [create, { isLoading }] = useCreateDashboardMutation();
  const navigate = useNavigate();
  const { addDangerToast } = useToasts();
  const createAndOpen = useCallback(async () => {
    try {
      const { id } = await create({ dashboard_title: UNTITLED_DASHBOARD }).unwrap();
      await navigate(dashboardEditHref(id));
    } catch (caught) {
      addDangerToast(`There was an issue creating the dashboard: ${getClientErrorObject(caught).error}`);
    }
  }, [create, navigate, addDangerToast]);
  return { createAndOpen, creating: isLoading };
}
