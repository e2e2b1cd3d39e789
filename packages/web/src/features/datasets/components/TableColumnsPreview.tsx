import { Empty, Table, Typography } from 'antd';
import { useTableMetadataQuery } from '../../../api/datasetApi';
import { ErrorMessage } from '../../errors';

interface TableColumnsPreviewProps {
  databaseId: number;
  schema: string | null;
  table: string;
}

/** The columns (name and type) of the table a dataset is about to be created from. */
export function TableColumnsPreview({ databaseId, schema, table }: TableColumnsPreviewProps) {
  const metadata = useTableMetadataQuery({ databaseId, schema, table });
  if (metadata.error) return <ErrorMessage error={metadata.error} />;
  return (
    <div data-test="table-columns-preview">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {schema ? `${schema}.${table}` : table}
      </Typography.Title>
      <Table
        size="small"
        rowKey="name"
        loading={metadata.isFetching}
        pagination={false}
        scroll={{ y: 420 }}
        dataSource={metadata.data?.columns ?? []}
        locale={{ emptyText: <Empty description="No columns" /> }}
        columns={[
          { key: 'name', title: 'Column Name', dataIndex: 'name' },
          { key: 'type', title: 'Data Type', dataIndex: 'type', render: (type: string) => <Typography.Text code>{type}</Typography.Text> },
        ]}
      />
    </div>
  );
}
