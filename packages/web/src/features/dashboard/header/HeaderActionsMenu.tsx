import { lazy, Suspense, useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Dropdown, type MenuProps } from 'antd';
import { EllipsisOutlined } from '@ant-design/icons';
import { useCopyToClipboard } from '../../errors';
import { useToasts } from '../../toasts';
import { withParam } from '../page/dashboardAddress';
import { dashboardEmailHref } from '../share/shareLinks';
import { useDashboardPermalink } from '../share/useDashboardPermalink';
import { dashboardStateActions, selectDashboardState } from '../state/dashboardStateSlice';

// Opened rarely: kept out of the dashboard's first bundle.
const PropertiesModal = lazy(() => import('../properties/PropertiesModal').then((m) => ({ default: m.PropertiesModal })));
// The menu's other dialogs too: none is needed to show the dashboard.
const AutoRefreshModal = lazy(() => import('./AutoRefreshModal').then((m) => ({ default: m.AutoRefreshModal })));
const EmbedCodeModal = lazy(() => import('../share/EmbedCodeModal').then((m) => ({ default: m.EmbedCodeModal })));
const SaveAsModal = lazy(() => import('../save/SaveAsModal').then((m) => ({ default: m.SaveAsModal })));
const DashboardEmbedModal = lazy(() => import('../../embedded').then((m) => ({ default: m.DashboardEmbedModal })));

/** A menu label findable by Superset's data-test name. */
const tagged = (text: string, dataTest: string) => <span data-test={dataTest}>{text}</span>;

type OpenModal = 'refresh' | 'properties' | 'saveAs' | 'embed' | 'manageEmbedded' | null;

export interface HeaderActionsMenuProps {
  canEdit: boolean;
  canSaveAs: boolean;
  /** The element drawn into PNG / PDF downloads. */
  getContentElement: () => HTMLElement | null;
  /** After properties were saved in view mode (the address follows a new slug). */
  onPropertiesSaved: () => void;
}

/** The header's "..." menu (Superset's names in data-test). */
export function HeaderActionsMenu({ canEdit, canSaveAs, getContentElement, onPropertiesSaved }: HeaderActionsMenuProps) {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const { info, metadata, editMode, refreshFrequency } = useSelector((state: object) => selectDashboardState(state));
  const [open, setOpen] = useState<OpenModal>(null);
  const makePermalink = useDashboardPermalink();
  const copy = useCopyToClipboard();
  const { addDangerToast, addInfoToast } = useToasts();
  const fullScreen = new URLSearchParams(location.search).has('standalone');
  const permalink = useCallback(() => makePermalink(), [makePermalink]);

  if (!info) return null;

  const download = async (format: 'png' | 'pdf') => {
    const element = getContentElement();
    if (!element) return;
    addInfoToast(`Downloading ${format.toUpperCase()}…`);
    try {
      const { downloadDashboard } = await import('../share/downloadDashboard');
      await downloadDashboard(element, format, info.dashboard_title);
    } catch {
      addDangerToast(`Sorry, something went wrong. Try again later.`);
    }
  };

  const items: MenuProps['items'] = [
    { key: 'refresh', label: tagged('Refresh dashboard', 'refresh-dashboard-menu-item'), disabled: editMode },
    { key: 'autorefresh', label: tagged('Set auto-refresh interval', 'set-auto-refresh-menu-item') },
    { type: 'divider' },
    {
      key: 'download',
      label: tagged('Download', 'download-menu'),
      children: [
        { key: 'download-png', label: tagged('Download as image', 'download-as-image') },
        { key: 'download-pdf', label: tagged('Export to PDF', 'download-as-pdf') },
      ],
    },
    {
      key: 'share',
      label: tagged('Share', 'share-dashboard-menu-item'),
      children: [
        { key: 'share-copy', label: tagged('Copy permalink to clipboard', 'copy-url-menu-item') },
        { key: 'share-email', label: tagged('Share permalink by email', 'share-by-email-menu-item') },
        { key: 'share-embed', label: tagged('Embed code', 'embed-code-menu-item') },
      ],
    },
    // Superset's "Embed dashboard" (DashboardEmbedModal): the embedded SDK's configuration, for owners and admins.
    ...(canEdit && !editMode ? [{ key: 'manageEmbedded', label: tagged('Embed dashboard', 'embed-dashboard-menu-item') }] : []),
    ...(canEdit ? [{ key: 'properties', label: tagged('Edit properties', 'edit-properties-menu-item') }] : []),
    ...(canSaveAs ? [{ key: 'saveAs', label: tagged('Save as', 'save-as-menu-item') }] : []),
    ...(!editMode ? [{ key: 'fullscreen', label: tagged(fullScreen ? 'Exit full screen' : 'Enter full screen', 'fullscreen-menu-item') }] : []),
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    switch (key) {
      case 'refresh':
        dispatch(dashboardStateActions.refreshCharts({ force: true }));
        break;
      case 'autorefresh':
        setOpen('refresh');
        break;
      case 'download-png':
      case 'download-pdf':
        void download(key === 'download-png' ? 'png' : 'pdf');
        break;
      case 'share-copy':
        permalink().then(copy, () => addDangerToast('Sorry, something went wrong. Try again later.'));
        break;
      case 'share-email':
        permalink().then(
          (url) => window.location.assign(dashboardEmailHref(info.dashboard_title, url)),
          () => addDangerToast('Sorry, something went wrong. Try again later.'),
        );
        break;
      case 'share-embed':
        setOpen('embed');
        break;
      case 'manageEmbedded':
        setOpen('manageEmbedded');
        break;
      case 'properties':
        setOpen('properties');
        break;
      case 'saveAs':
        setOpen('saveAs');
        break;
      case 'fullscreen':
        void navigate(`${location.pathname}${withParam(location.search, 'standalone', fullScreen ? null : '1')}${location.hash}`);
        break;
      default:
        break;
    }
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <Button aria-label="More dashboard actions" icon={<EllipsisOutlined />} data-test="header-actions-menu" />
      </Dropdown>
      <Suspense fallback={null}>
        {open === 'refresh' ? (
          <AutoRefreshModal
            seconds={refreshFrequency}
            editMode={editMode}
            onSave={(seconds) => dispatch(dashboardStateActions.setRefreshFrequency({ seconds, persist: editMode }))}
            onClose={() => setOpen(null)}
          />
        ) : null}
        {open === 'embed' ? <EmbedCodeModal makePermalink={permalink} onClose={() => setOpen(null)} /> : null}
        {open === 'manageEmbedded' ? <DashboardEmbedModal dashboardId={info.id} onClose={() => setOpen(null)} /> : null}
        {open === 'saveAs' ? <SaveAsModal info={info} metadata={metadata} onClose={() => setOpen(null)} /> : null}
        {open === 'properties' ? <PropertiesModal onClose={() => setOpen(null)} onSaved={onPropertiesSaved} /> : null}
      </Suspense>
    </>
  );
}
