import { useState, type DragEvent } from 'react';
import { useSelector, useStore } from 'react-redux';
import { Input, Tabs, theme } from 'antd';
import type { LayoutComponent } from '@tessera/core';
import { currentDrag, endDrag, startDrag } from '../builder/dragState';
import { dropOnLayout } from '../builder/dropOnLayout';
import { EditChrome } from '../builder/EditChrome';
import { layoutEdits, selectLayoutComponent, tryLayoutEdit, useLayoutDispatch, type DashboardLayoutRootState } from '../state/dashboardLayoutSlice';
import { dashboardStateActions, selectDashboardState } from '../state/dashboardStateSlice';
import { activeTabOf, withActiveTab } from './activeTabs';
import { TabVisibleContext, useGridSettings, useTabVisible } from './GridContext';
import { StackedChildren } from './StackedChildren';
import { useLayoutComponent } from './useLayoutComponent';

/** Where a dragged tab lands when dropped on this title: before it, in its TABS (another TABS included). */
interface TabSlot {
  tabsId: string;
  index: number;
}

function TabTitle({ id, slot }: { id: string; slot: TabSlot }) {
  const dispatch = useLayoutDispatch();
  const { editMode } = useGridSettings();
  const { token } = theme.useToken();
  const store = useStore<DashboardLayoutRootState>();
  const tab = useLayoutComponent(id);
  const [draft, setDraft] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const text = tab?.meta.text || tab?.meta.defaultText || '';
  if (editMode && draft !== null) {
    const commit = () => {
      if (draft !== text) dispatch(tryLayoutEdit(layoutEdits.meta(id, { text: draft })));
      setDraft(null);
    };
    return (
      <Input
        size="small"
        autoFocus
        aria-label="Tab title"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onPressEnter={commit}
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => event.stopPropagation()}
      />
    );
  }
  if (!editMode) return <span data-test="dashboard-tab-title">{text}</span>;
  // Only a tab may land on a tab title; the layout rules then say whether it may go there (top-level tab rule).
  const tabDragged = () => {
    const payload = currentDrag();
    if (payload?.kind !== 'move' || payload.id === id) return null;
    return selectLayoutComponent(store.getState(), payload.id)?.type === 'TAB' ? payload : null;
  };
  const onDragOver = (event: DragEvent) => {
    if (!tabDragged()) return;
    event.preventDefault();
    event.stopPropagation();
    if (!over) setOver(true);
  };
  const onDrop = (event: DragEvent) => {
    const payload = tabDragged();
    setOver(false);
    if (!payload) return;
    event.preventDefault();
    event.stopPropagation();
    endDrag();
    void dispatch(dropOnLayout(payload, { parentId: slot.tabsId, index: slot.index }));
  };
  return (
    <span
      data-test="dashboard-tab-title"
      draggable
      onDragStart={(event) => startDrag(event, { kind: 'move', id })}
      onDragEnd={endDrag}
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      onDoubleClick={() => setDraft(text)}
      style={{ cursor: 'grab', boxShadow: over ? `inset 3px 0 0 ${token.colorPrimary}` : undefined, paddingLeft: 4 }}
    >
      {text}
    </span>
  );
}

function TabPane({ id, visible }: { id: string; visible: boolean }) {
  const tab = useLayoutComponent(id);
  const { editMode } = useGridSettings();
  if (!tab) return null;
  return (
    <TabVisibleContext value={visible}>
      <div id={id} data-test="dashboard-component-tab" style={{ minHeight: editMode ? 64 : undefined }}>
        <StackedChildren parentId={id} childIds={tab.children} />
      </div>
    </TabVisibleContext>
  );
}

export interface TabsViewProps {
  component: LayoutComponent;
  /** Hide the tab bar (uiConfig bit 2, top-level tabs only). */
  hideTabBar?: boolean;
}

/**
 * A TABS: one pane shown at a time. A pane is drawn the first time it is shown and then kept (hidden), so its charts
 * keep their drawing; charts in hidden panes are told they are not visible. In edit mode tabs are added, removed and
 * renamed (double click).
 */
export function TabsView({ component, hideTabBar = false }: TabsViewProps) {
  const dispatch = useLayoutDispatch();
  const { editMode } = useGridSettings();
  const parentVisible = useTabVisible();
  const activeTabs = useSelector((state: object) => selectDashboardState(state).activeTabs);
  const active = activeTabOf(component.children, activeTabs);
  const onEdit = (target: unknown, action: 'add' | 'remove') => {
    if (action === 'add') {
      dispatch(tryLayoutEdit(layoutEdits.add({ type: 'TAB' }, { parentId: component.id, index: component.children.length })));
    } else if (typeof target === 'string') {
      dispatch(tryLayoutEdit(layoutEdits.delete(target)));
    }
  };
  return (
    <EditChrome id={component.id} editMode={editMode}>
      <div id={component.id} data-test="dashboard-component-tabs">
        <Tabs
          activeKey={active}
          type={editMode ? 'editable-card' : 'line'}
          onEdit={editMode ? onEdit : undefined}
          onChange={(key) => dispatch(dashboardStateActions.setActiveTabs(withActiveTab(activeTabs, component.children, key)))}
          renderTabBar={hideTabBar ? () => <></> : undefined}
          items={component.children.map((tabId, index) => ({
            key: tabId,
            label: <TabTitle id={tabId} slot={{ tabsId: component.id, index }} />,
            closable: editMode,
            children: <TabPane id={tabId} visible={parentVisible && tabId === active} />,
          }))}
        />
      </div>
    </EditChrome>
  );
}
