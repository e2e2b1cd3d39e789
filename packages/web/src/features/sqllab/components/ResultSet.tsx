import { LoadingOutlined } from '@ant-design/icons';
import { Alert, Button, Progress, Space, Typography } from 'antd';
import { ErrorMessage, useCopyToClipboard } from '../../errors';
import { useSqlLabSelector } from '../hooks/useSqlLabStore';
import type { Query } from '../state/types';
import { loadedRows } from '../utils/columnarResult';
import { limitMessage } from '../utils/limitMessage';
import { resultCache } from '../utils/resultCache';
import { QueryTimer } from './QueryTimer';
import { ResultsGrid } from './ResultsGrid';
import { SaveDatasetButtons } from './SaveDatasetButtons';

const RUNNING = new Set(['running', 'started', 'pending', 'fetching', 'scheduled']);

interface ResultSetProps {
  query: Query | undefined;
  height: number;
  /** Save dataset / Create chart / CSV (not for table previews). */
  showActions?: boolean;
}

/** One query's outcome: progress and timer while running, the error, or the rows. */
export function ResultSet({ query, height, showActions = true }: ResultSetProps) {
  const conf = useSqlLabSelector((s) => s.sqlLab.conf);
  const copy = useCopyToClipboard();
  if (!query) return <Typography.Text type="secondary">Run a query to display results</Typography.Text>;

  if (RUNNING.has(query.state)) {
    return (
      <div data-test="query-running">
        <Space>
          <QueryTimer query={query} />
          <Typography.Text>{query.state === 'fetching' ? 'Fetching results…' : query.state === 'pending' ? 'Pending…' : 'Running…'}</Typography.Text>
        </Space>
        <Progress percent={Math.round(query.progress)} status="active" size="small" />
      </div>
    );
  }
  if (query.state === 'failed' || query.state === 'timed_out') {
    return (
      <div data-test="query-error">
        <Space style={{ marginBottom: 8 }}>
          <QueryTimer query={query} />
        </Space>
        <ErrorMessage
          error={{ error: query.errorMessage ?? 'Unknown error', errors: query.errors ?? undefined, link: query.link ?? undefined }}
        />
      </div>
    );
  }
  if (query.state === 'stopped') {
    return <Alert type="warning" showIcon title="Query was stopped" />;
  }
  const data = resultCache.get(query.results?.dataKey);
  if (!query.results || !data) {
    return (
      <Space>
        <QueryTimer query={query} />
        <Typography.Text type="secondary">{query.ctas ? `Table ${query.tempTable} was created` : 'The results are no longer available. Run the query again.'}</Typography.Text>
      </Space>
    );
  }
  const warning = limitMessage(query, conf);
  const headerHeight = 40 + (warning ? 44 : 0);
  return (
    <div data-test="result-set">
      <Space wrap style={{ marginBottom: 8, width: '100%', justifyContent: 'space-between' }}>
        <Space>
          <QueryTimer query={query} />
          <Typography.Text data-test="row-count">
            {data.rowCount.toLocaleString()} row{data.rowCount === 1 ? '' : 's'}
          </Typography.Text>
          {loadedRows(data) < data.rowCount ? (
            <Typography.Text type="secondary" data-test="rows-loading">
              <LoadingOutlined /> Loading rows {(loadedRows(data) + 1).toLocaleString()}–{data.rowCount.toLocaleString()}…
            </Typography.Text>
          ) : null}
        </Space>
        {showActions ? (
          <Space wrap>
            <SaveDatasetButtons query={query} />
            <Button size="small" href={`/api/v1/sqllab/export/${query.id}/`} data-test="download-csv">
              Download to CSV
            </Button>
          </Space>
        ) : null}
      </Space>
      {warning ? <Alert type="warning" showIcon title={warning} style={{ marginBottom: 4 }} data-test="limit-warning" /> : null}
      <ResultsGrid data={data} height={Math.max(120, height - headerHeight)} onCopy={(text) => void copy(text)} />
    </div>
  );
}
