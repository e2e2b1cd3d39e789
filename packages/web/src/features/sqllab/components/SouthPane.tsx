import { useMemo, useState } from 'react';
import { Tabs } from 'antd';
import { useSqlLabSelector } from '../hooks/useSqlLabStore';
import { selectEditorTables } from '../state/selectors';
import type { QueryEditor } from '../state/types';
import { QueryHistory } from './QueryHistory';
import { ResultSet } from './ResultSet';

const TAB_BAR_HEIGHT = 56;

/** Results of the latest run, the tab's query history, and one tab per table preview. */
export function SouthPane({ editor, height }: { editor: QueryEditor; height: number }) {
  const latest = useSqlLabSelector((s) => (editor.latestQueryId ? s.sqlLab.queries[editor.latestQueryId] : undefined));
  const tables = useSqlLabSelector((s) => selectEditorTables(s, editor.id));
  const queries = useSqlLabSelector((s) => s.sqlLab.queries);
  const [active, setActive] = useState('results');
  const inner = Math.max(120, height - TAB_BAR_HEIGHT);

  const previews = useMemo(() => tables.filter((t) => t.dataPreviewQueryId && queries[t.dataPreviewQueryId]), [tables, queries]);
  const activeKey = active === 'results' || active === 'history' || previews.some((t) => `preview-${t.id}` === active) ? active : 'results';

  return (
    <Tabs
      size="small"
      activeKey={activeKey}
      onChange={setActive}
      data-test="south-pane"
      items={[
        { key: 'results', label: 'Results', children: <ResultSet query={latest} height={inner} /> },
        { key: 'history', label: 'Query history', children: <QueryHistory editor={editor} /> },
        ...previews.map((t) => ({
          key: `preview-${t.id}`,
          label: `Preview: \`${t.name}\``,
          children: <ResultSet query={queries[t.dataPreviewQueryId!]} height={inner} showActions={false} />,
        })),
      ]}
    />
  );
}
