import type { AuditLogRecord } from '@tessera/core';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';

/** `{"via":"api","status":401}` as `via: api, status: 401`: short facts, read at a glance. */
export function detailsText(details: AuditLogRecord['details']): string {
  if (!details) return '';
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
}

const objectText = (row: AuditLogRecord) => (row.object_type ? `${row.object_type}${row.object_id ? ` #${row.object_id}` : ''}` : '');

/** Columns of the audit log; `key` is the server's order column where it sorts. */
export function auditLogColumns(): ColumnsType<AuditLogRecord> {
  return [
    { key: 'created_on', title: 'Time (UTC)', dataIndex: 'created_on', sorter: true, render: (time: string) => time.replace('T', ' ').replace(/\.\d+Z$/, '') },
    { key: 'username', title: 'User', dataIndex: 'username', sorter: true, render: (name: string) => name || <Typography.Text type="secondary">anonymous</Typography.Text> },
    { key: 'action', title: 'Action', dataIndex: 'action', sorter: true, render: (action: string) => <code>{action}</code> },
    { key: 'object', title: 'Object', render: (_value, row) => objectText(row) },
    {
      key: 'outcome',
      title: 'Outcome',
      dataIndex: 'outcome',
      sorter: true,
      render: (outcome: AuditLogRecord['outcome']) => (outcome === 'success' ? <Tag color="green">Success</Tag> : <Tag color="red">Failure</Tag>),
    },
    { key: 'ip', title: 'Address', dataIndex: 'ip' },
    {
      key: 'details',
      title: 'Details',
      render: (_value, row) => (
        <Typography.Text ellipsis={{ tooltip: row.user_agent ? `${detailsText(row.details)}\n${row.user_agent}` : detailsText(row.details) }} style={{ maxWidth: 420 }}>
          {detailsText(row.details)}
        </Typography.Text>
      ),
    },
  ];
}
