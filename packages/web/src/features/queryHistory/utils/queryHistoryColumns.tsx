import { Button, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { SortOrder } from 'antd/es/table/interface';
import type { QueryHistoryItem } from '../../../api/queryApi';
import { queryStatusLook } from './queryStatus';
import { formatDateTime, formatDuration, toEpochMs } from './queryTime';

/** Clicking a sorted column flips its direction instead of dropping the sort. */
const ALWAYS_SORTED: SortOrder[] = ['ascend', 'descend', 'ascend'];

const SQL_PREVIEW_CHARS = 100;

export interface QueryHistoryRowActions {
  onOpenSql: (query: QueryHistoryItem) => void;
}

function TimeCell({ query }: { query: QueryHistoryItem }) {
  const start = toEpochMs(query.start_time);
  const end = toEpochMs(query.end_time);
  if (start === null) return null;
  return (
    <div>
      <div>{formatDateTime(start)}</div>
      {end !== null ? (
        <Typography.Text type="secondary" data-test="query-duration">
          {formatDuration(end - start)}
        </Typography.Text>
      ) : null}
    </div>
  );
}

const userName = (user: QueryHistoryItem['user']) => (user ? `${user.first_name} ${user.last_name}`.trim() : '');

/** Columns of the query history; `key` is the server's order column. */
export function queryHistoryColumns({ onOpenSql }: QueryHistoryRowActions): ColumnsType<QueryHistoryItem> {
  return [
    {
      key: 'status',
      title: 'State',
      dataIndex: 'status',
      render: (status: string) => {
        const look = queryStatusLook(status);
        return (
          <Tag color={look.color} data-test="query-status">
            {look.label}
          </Tag>
        );
      },
    },
    { key: 'start_time', title: 'Time', sorter: true, sortDirections: ALWAYS_SORTED, render: (_value, query) => <TimeCell query={query} /> },
    {
      key: 'database.database_name',
      title: 'Database',
      sorter: true,
      sortDirections: ALWAYS_SORTED,
      render: (_value, query) => query.database?.database_name ?? '',
    },
    { key: 'schema', title: 'Schema', dataIndex: 'schema', sorter: true, sortDirections: ALWAYS_SORTED },
    { key: 'tab_name', title: 'Tab name', dataIndex: 'tab_name', sorter: true, sortDirections: ALWAYS_SORTED },
    { key: 'user.first_name', title: 'User', sorter: true, sortDirections: ALWAYS_SORTED, render: (_value, query) => userName(query.user) },
    {
      key: 'rows',
      title: 'Rows',
      dataIndex: 'rows',
      sorter: true,
      sortDirections: ALWAYS_SORTED,
      align: 'right',
      render: (rows: number | null) => (rows === null || rows === undefined ? '' : rows.toLocaleString()),
    },
    {
      key: 'sql',
      title: 'SQL',
      render: (_value, query) => {
        const short = query.sql.length > SQL_PREVIEW_CHARS ? `${query.sql.slice(0, SQL_PREVIEW_CHARS)}…` : query.sql;
        return (
          <Tooltip title="Click to see the full query">
            <Button
              type="link"
              aria-label={`Show the SQL of query ${query.id}`}
              data-test="query-sql"
              onClick={() => onOpenSql(query)}
              style={{ padding: 0, height: 'auto', maxWidth: 360, textAlign: 'left', whiteSpace: 'normal', fontFamily: 'monospace' }}
            >
              {short}
            </Button>
          </Tooltip>
        );
      },
    },
  ];
}
