import { Tag, Tooltip } from 'antd';
import { DASHBOARD_MESSAGES } from '@tessera/core';
import { useUpdateDashboardMutation } from '../../../api/dashboardApi';
import { useDispatch } from 'react-redux';
import { getClientErrorObject } from '../../errors';
import { useToasts } from '../../toasts';
import { dashboardStateActions } from '../state/dashboardStateSlice';

/**
 * Published / Draft badge. Editors click it to toggle (PUT `{published}`, spec §8 toasts); others see it read-only, and
 * only when it says Draft, as in Superset.
 */
export function PublishedStatus({ dashboardId, published, canEdit }: { dashboardId: number; published: boolean; canEdit: boolean }) {
  const [update, { isLoading }] = useUpdateDashboardMutation();
  const dispatch = useDispatch();
  const { addSuccessToast, addDangerToast } = useToasts();

  const toggle = async () => {
    if (isLoading) return;
    const next = !published;
    try {
      const answer = await update({ id: dashboardId, published: next }).unwrap();
      dispatch(dashboardStateActions.infoUpdated({ published: next }));
      if (answer.last_modified_time !== undefined) {
        dispatch(dashboardStateActions.saveFinished({ lastModifiedTime: answer.last_modified_time }));
      }
      addSuccessToast(next ? DASHBOARD_MESSAGES.published : DASHBOARD_MESSAGES.hidden);
    } catch (error) {
      const status = getClientErrorObject(error).status;
      addDangerToast(status === 403 ? DASHBOARD_MESSAGES.noEditPermission : DASHBOARD_MESSAGES.unknownError);
    }
  };

  if (!canEdit) {
    return published ? null : (
      <Tooltip title="This dashboard is not published which means it will not show up in the list of dashboards.">
        <Tag data-test="publish-status">Draft</Tag>
      </Tooltip>
    );
  }
  const label = published ? 'Published' : 'Draft';
  return (
    <Tooltip
      title={
        published
          ? 'This dashboard is published. Click to make it a draft.'
          : 'This dashboard is not published, it will not show up in the list of dashboards. Click here to publish this dashboard.'
      }
    >
      <Tag
        role="button"
        tabIndex={0}
        aria-label={`${label}: click to ${published ? 'hide' : 'publish'}`}
        color={published ? 'success' : undefined}
        style={{ cursor: 'pointer' }}
        onClick={() => void toggle()}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            void toggle();
          }
        }}
        data-test="publish-status"
        data-published={published ? 'published' : 'draft'}
      >
        {label}
      </Tag>
    </Tooltip>
  );
}
