import { Button, Space, Tooltip } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '../../../ui/icons';
import { useSqlLabDispatch } from '../hooks/useSqlLabStore';
import { formatEditorSql } from '../state/editorThunks';
import { updateQueryEditor } from '../state/sqlLabSlice';
import type { QueryEditor } from '../state/types';
import { EstimateCostModal } from './EstimateCostModal';
import { RunControls } from './RunControls';
import { SaveQueryModal } from './SaveQueryModal';
import { ScheduleModal } from './ScheduleModal';
import { ShareButton } from './ShareButton';
import { ShortcutsHelp } from './ShortcutsHelp';
import { TemplateParamsModal } from './TemplateParamsModal';

/** The editor's toolbar. */
export function Toolbar({ editor }: { editor: QueryEditor }) {
  const dispatch = useSqlLabDispatch();
  return (
    <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
      <Space wrap size={4}>
        <Tooltip title={editor.hideLeftBar ? 'Show left bar' : 'Hide left bar'}>
          <Button
            data-test="left-bar-toggle"
            aria-label={editor.hideLeftBar ? 'Show left bar' : 'Hide left bar'}
            icon={editor.hideLeftBar ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => dispatch(updateQueryEditor(editor.id, { hideLeftBar: !editor.hideLeftBar }))}
          />
        </Tooltip>
        <RunControls editor={editor} />
      </Space>
      <Space wrap size={4}>
        <EstimateCostModal editor={editor} />
        <Tooltip title="Ctrl + Shift + F">
          <Button data-test="format-sql-button" onClick={() => void dispatch(formatEditorSql(editor.id))}>
            Format SQL
          </Button>
        </Tooltip>
        <TemplateParamsModal editor={editor} />
        <SaveQueryModal editor={editor} />
        <ShareButton editor={editor} />
        <ScheduleModal editor={editor} />
        <ShortcutsHelp />
      </Space>
    </Space>
  );
}
