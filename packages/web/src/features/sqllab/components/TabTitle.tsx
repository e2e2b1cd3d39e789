import { useState } from 'react';
import { Dropdown, Input } from 'antd';
import { useSqlLabDispatch } from '../hooks/useSqlLabStore';
import { updateQueryEditor } from '../state/sqlLabSlice';
import { cloneTab, removeTab } from '../state/tabThunks';
import type { QueryEditor } from '../state/types';

/** A tab's title: double click (or the context menu) renames; the menu also clones, closes and toggles the left bar. */
export function TabTitle({ editor }: { editor: QueryEditor }) {
  const dispatch = useSqlLabDispatch();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(editor.name);

  const commit = () => {
    const name = draft.trim();
    if (name && name !== editor.name) dispatch(updateQueryEditor(editor.id, { name }));
    setEditing(false);
  };

  if (editing) {
    return (
      <Input
        size="small"
        autoFocus
        aria-label="Tab name"
        value={draft}
        style={{ width: 160 }}
        onChange={(e) => setDraft(e.target.value)}
        onPressEnter={commit}
        onBlur={commit}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === 'Escape') setEditing(false);
        }}
      />
    );
  }
  return (
    <Dropdown
      trigger={['contextMenu']}
      menu={{
        items: [
          { key: 'rename', label: 'Rename tab' },
          { key: 'clone', label: 'Clone tab' },
          { key: 'toggle', label: editor.hideLeftBar ? 'Expand tool bar' : 'Hide tool bar' },
          { key: 'close', label: 'Close tab' },
        ],
        onClick: ({ key, domEvent }) => {
          domEvent.stopPropagation();
          if (key === 'rename') {
            setDraft(editor.name);
            setEditing(true);
          }
          if (key === 'clone') void dispatch(cloneTab(editor.id));
          if (key === 'toggle') dispatch(updateQueryEditor(editor.id, { hideLeftBar: !editor.hideLeftBar }));
          if (key === 'close') void dispatch(removeTab(editor.id));
        },
      }}
    >
      <span data-test="sql-editor-tab-title" onDoubleClick={() => (setDraft(editor.name), setEditing(true))}>
        {editor.name}
      </span>
    </Dropdown>
  );
}
