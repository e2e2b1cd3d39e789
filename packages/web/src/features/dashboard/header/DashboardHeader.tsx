import { useEffect, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Flex, Space, Tooltip } from 'antd';
import { RedoOutlined, UndoOutlined } from '@ant-design/icons';
import { DASHBOARD_MESSAGES, UNDO_LIMIT } from '@tessera/core';
import { useToasts } from '../../toasts';
import { redo, selectCanRedo, selectCanUndo, selectLayoutOverflowed, undo } from '../page/layoutBridge';
import { ColorSchemeSelect } from '../properties/ColorSchemeSelect';
import { dashboardStateActions, selectDashboardState } from '../state/dashboardStateSlice';
import { CertifiedBadge } from './CertifiedBadge';
import { EditableTitle } from './EditableTitle';
import { FaveStar } from './FaveStar';
import { HeaderActionsMenu } from './HeaderActionsMenu';
import { PublishedStatus } from './PublishedStatus';

export interface DashboardHeaderProps {
  canEdit: boolean;
  canSaveAs: boolean;
  saving: boolean;
  onEdit: () => void;
  onSave: () => void;
  onDiscard: () => void;
  onPropertiesSaved: () => void;
  getContentElement: () => HTMLElement | null;
}

/** The dashboard header (spec §2): title and badges; Edit and the actions menu in view mode, the editing tools in edit mode. */
export function DashboardHeader({ canEdit, canSaveAs, saving, onEdit, onSave, onDiscard, onPropertiesSaved, getContentElement }: DashboardHeaderProps) {
  const dispatch = useDispatch();
  const { info, metadata, editMode } = useSelector((state: object) => selectDashboardState(state));
  const canUndo = useSelector(selectCanUndo);
  const canRedo = useSelector(selectCanRedo);
  const overflowed = useSelector(selectLayoutOverflowed);
  const { addWarningToast } = useToasts();
  const warned = useRef(false);

  // Spec §4: running out of undo slots warns once.
  useEffect(() => {
    if (overflowed && !warned.current) {
      warned.current = true;
      addWarningToast(DASHBOARD_MESSAGES.undoOverflow(UNDO_LIMIT));
    }
  }, [overflowed, addWarningToast]);

  if (!info) return null;

  return (
    <Flex
      align="center"
      justify="space-between"
      wrap
      gap={12}
      style={{ padding: '8px 0 16px' }}
      data-test="dashboard-header"
    >
      <Flex align="center" gap={8} wrap style={{ minWidth: 0 }}>
        <EditableTitle
          title={info.dashboard_title}
          editing={editMode}
          onChange={(title) => {
            dispatch(dashboardStateActions.infoUpdated({ dashboard_title: title }));
            dispatch(dashboardStateActions.setUnsavedChanges(true));
          }}
        />
        <CertifiedBadge certifiedBy={info.certified_by} details={info.certification_details} />
        {!editMode ? <FaveStar dashboardId={info.id} /> : null}
        <PublishedStatus dashboardId={info.id} published={info.published} canEdit={canEdit} />
      </Flex>
      <Space wrap>
        {editMode ? (
          <>
            <ColorSchemeSelect
              value={metadata.color_scheme}
              style={{ width: 200 }}
              onChange={(scheme) => {
                dispatch(dashboardStateActions.metadataUpdated({ color_scheme: scheme }));
                dispatch(dashboardStateActions.setUnsavedChanges(true));
              }}
            />
            <Tooltip title="Undo the action">
              <Button aria-label="Undo" icon={<UndoOutlined />} disabled={!canUndo} onClick={() => dispatch(undo())} data-test="undo-action" />
            </Tooltip>
            <Tooltip title="Redo the action">
              <Button aria-label="Redo" icon={<RedoOutlined />} disabled={!canRedo} onClick={() => dispatch(redo())} data-test="redo-action" />
            </Tooltip>
            <Button onClick={onDiscard} disabled={saving} data-test="discard-changes-button">
              Discard
            </Button>
            <Button type="primary" onClick={onSave} loading={saving} data-test="header-save-button">
              Save
            </Button>
          </>
        ) : canEdit ? (
          <Button type="primary" onClick={onEdit} data-test="edit-dashboard-button">
            Edit dashboard
          </Button>
        ) : null}
        <HeaderActionsMenu canEdit={canEdit} canSaveAs={canSaveAs} getContentElement={getContentElement} onPropertiesSaved={onPropertiesSaved} />
      </Space>
    </Flex>
  );
}
