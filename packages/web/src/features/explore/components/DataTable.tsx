import { useMemo } from 'react';
import { Table, Typography } from 'antd';
import { GENERIC_DATA_TYPE } from '@tessera/core';
import { getTimeFormatter, TimeFormats } from '../../../viz/formatters';
import { rowCountText } from '../utils/rowCount';

interface DataTableProps {
  colnames: string[];
  /** GENERIC_DATA_TYPE per column (the answer's `coltypes`). */
  coltypes?: number[];
  data: Record<string, unknown>[];
  dataTest: string;
}

/** Temporal values come as epoch milliseconds: shown as Superset's data pane does, `YYYY-MM-DD HH:mm:ss` in UTC. */
const formatDttm = getTimeFormatter(TimeFormats.DATABASE_DATETIME);

const cell = (temporal: boolean) => (value: unknown) => {
  if (value === null || value === undefined) return <Typography.Text type="secondary">N/A</Typography.Text>;
  if (temporal && typeof value === 'number') return formatDttm(value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

/** Rows of a chart answer or of samples, with a row count. */
export function DataTable({ colnames, coltypes = [], data, dataTest }: DataTableProps) {
  // Rows have no id: each is keyed by its place in the answer (antd deprecated the index argument of rowKey).
  const keys = useMemo(() => new Map(data.map((row, i) => [row, String(i)])), [data]);
  return (
    <div data-test={dataTest}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-test="row-count">
        {rowCountText(data.length)}
      </Typography.Text>
      <Table
        size="small"
        rowKey={(row) => keys.get(row) ?? ''}
        dataSource={data}
        pagination={{ pageSize: 50, size: 'small', showSizeChanger: false }}
        scroll={{ x: 'max-content', y: 220 }}
        columns={colnames.map((name, index) => ({
          key: name,
          title: name,
          dataIndex: name,
          render: cell(coltypes[index] === GENERIC_DATA_TYPE.TEMPORAL),
          ellipsis: true,
        }))}
      />
    </div>
  );
}
