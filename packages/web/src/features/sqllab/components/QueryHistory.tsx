import { useMemo } from 'react';
import { Button, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useSqlLabDispatch, useSqlLabSelector } from '../hooks/useSqlLabStore';
import { runQuery } from '../state/queryThunks';
import { openInNewTab, removeQueryFromTab } from '../state/tabThunks';
import type { Query, QueryEditor } from '../state/types';
import { formatDuration } from './QueryTimer';

const STATE_COLOR: Record<string, string> = { success: 'green', failed: 'red', stopped: 'orange', running: 'blue', pending: 'blue', fetching: 'blue' };

/** The tab's runs, newest first, with re-run and open in a new tab. */
export function QueryHistory({ editor }: { editor: QueryEditor }) {
  const dispatch = useSqlLabDispatch();
  const all = useSqlLabSelector((s) => s.sqlLab.queries);
  const queries = useMemo(
    () => Object.values(all).filter((q) => q.sqlEditorId === editor.id && !q.isDataPreview).sort((a, b) => b.startDttm - a.startDttm),
    [all, editor.id],
  );
  const rerun = (q: Query) =>
    void dispatch(runQuery({ editorId: editor.id, dbId: q.dbId, sql: q.sql, schema: q.schema, queryLimit: q.queryLimit, templateParams: q.templateParams, tab: editor.name }));
  return (
    <div data-test="query-history">
      <Table<Query>
        size="small"
        rowKey="id"
        dataSource={queries}
        pagination={false}
        scroll={{ y: 300 }}
        locale={{ emptyText: 'No query history yet...' }}
        columns={[
          { title: 'State', dataIndex: 'state', width: 90, render: (s: string) => <Tag color={STATE_COLOR[s]}>{s}</Tag> },
          { title: 'Started', dataIndex: 'startDttm', width: 160, render: (t: number) => dayjs(t).format('YYYY-MM-DD HH:mm:ss') },
          { title: 'Duration', key: 'duration', width: 90, render: (_: unknown, q) => (q.endDttm ? formatDuration(q.endDttm - q.startDttm) : '') },
          { title: 'Rows', dataIndex: 'rows', width: 80, render: (r: number | null) => (r === null ? '' : r.toLocaleString()) },
          {
            title: 'SQL',
            dataIndex: 'sql',
            render: (sql: string) => (
              <Typography.Text code ellipsis={{ tooltip: sql }} style={{ maxWidth: 480 }}>
                {sql}
              </Typography.Text>
            ),
          },
          {
            title: 'Actions',
            key: 'actions',
            width: 250,
            render: (_: unknown, q) => (
              <Space size={4}>
                <Button size="small" onClick={() => rerun(q)}>
                  Re-run
                </Button>
                <Button size="small" onClick={() => void dispatch(openInNewTab({ sql: q.sql, dbId: q.dbId, schema: q.schema }))}>
                  Open in new tab
                </Button>
                <Button size="small" danger aria-label="Remove query from log" data-test="remove-query" onClick={() => void dispatch(removeQueryFromTab(q.id))}>
                  Remove
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </div>
  );
}
