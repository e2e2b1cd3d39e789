import { useEffect } from 'react';
import { Button, Spin, Tabs, Tag, Tooltip } from 'antd';
import { PlusOutlined } from '../../../ui/icons';
import { useSqlLabDispatch, useSqlLabSelector } from '../hooks/useSqlLabStore';
import { selectActiveEditorId } from '../state/selectors';
import { addNewTab, removeTab, switchTab } from '../state/tabThunks';
import { SqlEditor } from './SqlEditor';
import { TabTitle } from './TabTitle';

/** The editor tabs; only the active tab's editor is mounted. */
export function TabbedEditors() {
  const dispatch = useSqlLabDispatch();
  const editors = useSqlLabSelector((s) => s.sqlLab.queryEditors);
  const activeId = useSqlLabSelector(selectActiveEditorId);
  const offline = useSqlLabSelector((s) => s.sqlLab.offline);
  const activeLoaded = editors.find((qe) => qe.id === activeId)?.loaded ?? true;
  // The active tab can change without a click (closing the active tab falls back to another one; the
  // server may have no active tab on a fresh load): whenever it is not loaded yet, load and activate it.
  useEffect(() => {
    if (activeId && !activeLoaded) void dispatch(switchTab(activeId));
  }, [activeId, activeLoaded, dispatch]);
  return (
    <Tabs
      data-test="sql-editor-tabs"
      type="editable-card"
      activeKey={activeId ?? undefined}
      onChange={(key) => void dispatch(switchTab(key))}
      onEdit={(key, action) => {
        if (action === 'add') void dispatch(addNewTab());
        else if (typeof key === 'string') void dispatch(removeTab(key));
      }}
      hideAdd
      tabBarExtraContent={{
        left: null,
        right: (
          <>
            {offline && (
              <Tooltip title="The server cannot be reached. Running queries are checked again every 2 seconds.">
                <Tag color="red" data-test="sqllab-offline">
                  offline
                </Tag>
              </Tooltip>
            )}
            <Button type="text" data-test="add-tab" aria-label="Add tab" icon={<PlusOutlined />} onClick={() => void dispatch(addNewTab())} />
          </>
        ),
      }}
      destroyOnHidden
      items={editors.map((qe) => ({
        key: qe.id,
        label: <TabTitle editor={qe} />,
        closable: true,
        children: qe.id === activeId ? qe.loaded ? <SqlEditor key={qe.id} editor={qe} /> : <Spin /> : null,
      }))}
    />
  );
}
