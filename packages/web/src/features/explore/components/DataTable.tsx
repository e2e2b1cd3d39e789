import { Table, Typography } from 'antd';

interface DataTableProps {
  colnames: string[];
  data: Record<string, unknown>[];
  dataTest: string;
}

const cell = (value: unknown) => (value === null || value === undefined ? <Typography.Text type="secondary">N/A</Typography.Text> : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** Rows of a chart answer or of samples, with a row count. */
export function DataTable({ colnames, data, dataTest }: DataTableProps) {
  return (
    <div data-test={dataTest}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-test="row-count">
        {data.length} rows
      </Typography.Text>
      <Table
        size="small"
        rowKey={(_row, index) => String(index)}
        dataSource={data}
        pagination={{ pageSize: 50, size: 'small', showSizeChanger: false }}
        scroll={{ x: 'max-content', y: 220 }}
        columns={colnames.map((name) => ({ key: name, title: name, dataIndex: name, render: cell, ellipsis: true }))}
      />
    </div>
  );
}
