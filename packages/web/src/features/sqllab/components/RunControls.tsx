import { Button, Select, Space, Tooltip } from 'antd';
import { CaretRightOutlined, StopOutlined } from '../../../ui/icons';
import { useSqlLabDispatch, useSqlLabSelector } from '../hooks/useSqlLabStore';
import { runEditorQuery, stopEditorQuery } from '../state/editorThunks';
import { selectLatestQuery } from '../state/selectors';
import { updateQueryEditor } from '../state/sqlLabSlice';
import type { QueryEditor } from '../state/types';

const LIMITS = [10, 100, 1000, 10_000, 100_000, 1_000_000];
const RUNNING = new Set(['running', 'started', 'pending', 'fetching', 'scheduled']);

/** Limit options capped by SQL_MAX_ROW (the cap itself is offered when it is not a round option). */
export function limitOptions(maxRow: number): number[] {
  const options = LIMITS.filter((n) => n <= maxRow);
  if (!options.includes(maxRow) && maxRow > 0) options.push(maxRow);
  return options;
}

/** Run (or Run selection), Stop and the row limit. */
export function RunControls({ editor }: { editor: QueryEditor }) {
  const dispatch = useSqlLabDispatch();
  const maxRow = useSqlLabSelector((s) => s.sqlLab.conf.SQL_MAX_ROW);
  const running = useSqlLabSelector((s) => RUNNING.has(selectLatestQuery(s, editor.id)?.state ?? 'success'));
  const hasSelection = Boolean(editor.selectedText?.trim());
  return (
    <Space size={4}>
      <Tooltip title="Ctrl / Cmd + Enter">
        <Button
          type="primary"
          icon={<CaretRightOutlined />}
          data-test="run-query-button"
          disabled={editor.dbId === null}
          onClick={() => void dispatch(runEditorQuery(editor.id))}
        >
          {hasSelection ? 'Run selection' : 'Run'}
        </Button>
      </Tooltip>
      {running ? (
        <Tooltip title="Ctrl + E">
          <Button danger icon={<StopOutlined />} data-test="stop-query-button" onClick={() => void dispatch(stopEditorQuery(editor.id))}>
            Stop
          </Button>
        </Tooltip>
      ) : null}
      <Select
        data-test="limit-dropdown"
        aria-label="Row limit"
        style={{ width: 130 }}
        value={editor.queryLimit}
        onChange={(queryLimit: number) => dispatch(updateQueryEditor(editor.id, { queryLimit }))}
        options={limitOptions(maxRow).map((n) => ({ value: n, label: `LIMIT ${n.toLocaleString()}` }))}
      />
    </Space>
  );
}
