import { useMemo, useState } from 'react';
import { Button, Flex, Input, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { RLS_VIEW } from '@tessera/core';
import { useDeleteRlsRulesMutation, useListRlsRulesQuery, type RlsListItem } from '../../../api/rowLevelSecurityApi';
import { ConfirmDelete } from '../../../ui/ConfirmDelete';
import { EmptyState } from '../../../ui/EmptyState';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '../../../ui/icons';
import { ListTable, type ListTableState } from '../../../ui/ListTable';
import { PageHeader } from '../../../ui/PageHeader';
import { usePermissions } from '../../auth';
import { ErrorMessage, getClientErrorObject } from '../../errors';
import { useToasts } from '../../toasts';
import { tableLabel } from '../utils/ruleFormValues';
import { RowLevelSecurityModal } from './RowLevelSecurityModal';

const INITIAL_STATE: ListTableState = { page: 0, pageSize: 25, sortColumn: 'name', sortDirection: 'asc' };
const userName = (user: RlsListItem['changed_by']) => (user ? `${user.first_name} ${user.last_name}`.trim() : '');

type Editing = { rule: RlsListItem | null } | null;

/** `/rowlevelsecurity/list/`: search, sort and page the rules; add, edit and delete them (with can_write). */
export function RowLevelSecurityList() {
  const { can } = usePermissions();
  const canWrite = can('can_write', RLS_VIEW);
  const [search, setSearch] = useState('');
  const [table, setTable] = useState<ListTableState>(INITIAL_STATE);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<RlsListItem | null>(null);
  const [deleteRules, deletion] = useDeleteRlsRulesMutation();
  const { addSuccessToast, addDangerToast } = useToasts();

  const { data, error, isFetching } = useListRlsRulesQuery({
    filters: search ? [{ col: 'name', opr: 'ct', value: search }] : [],
    ...(table.sortColumn ? { order_column: table.sortColumn, order_direction: table.sortDirection ?? 'asc' } : {}),
    page: table.page,
    page_size: table.pageSize,
  });

  const columns = useMemo<ColumnsType<RlsListItem>>(
    () => [
      { key: 'name', title: 'Name', dataIndex: 'name', sorter: true },
      { key: 'filter_type', title: 'Filter type', dataIndex: 'filter_type', sorter: true },
      { key: 'tables', title: 'Datasets', render: (_v, rule) => rule.tables.map((t) => <Tag key={t.id}>{tableLabel(t)}</Tag>) },
      { key: 'roles', title: 'Roles', render: (_v, rule) => rule.roles.map((r) => <Tag key={r.id}>{r.name}</Tag>) },
      { key: 'group_key', title: 'Group key', dataIndex: 'group_key', sorter: true },
      { key: 'clause', title: 'Clause', sorter: true, render: (_v, rule) => <code>{rule.clause}</code> },
      { key: 'changed_on_delta_humanized', title: 'Last modified', dataIndex: 'changed_on_delta_humanized', sorter: true },
      { key: 'changed_by', title: 'Modified by', render: (_v, rule) => userName(rule.changed_by) },
      ...(canWrite
        ? [
            {
              key: 'actions',
              title: 'Actions',
              render: (_v: unknown, rule: RlsListItem) => (
                <Space size={0}>
                  <Tooltip title="Edit">
                    <Button type="text" icon={<EditOutlined />} aria-label={`Edit ${rule.name}`} onClick={() => setEditing({ rule })} />
                  </Tooltip>
                  <Tooltip title="Delete">
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Delete ${rule.name}`} onClick={() => setDeleting(rule)} />
                  </Tooltip>
                </Space>
              ),
            },
          ]
        : []),
    ],
    [canWrite],
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteRules([deleting.id]).unwrap();
      addSuccessToast(`Deleted: ${deleting.name}`);
    } catch (caught) {
      addDangerToast(`There was an issue deleting ${deleting.name}: ${getClientErrorObject(caught).error}`);
    }
    setDeleting(null);
  };

  return (
    <div data-test="rls-list-page">
      <PageHeader
        title="Row Level Security"
        extra={
          canWrite ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ rule: null })} data-test="add-rls-rule">
              Rule
            </Button>
          ) : null
        }
      />
      <Flex style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder="Search by name"
          aria-label="Search rules by name"
          onSearch={(value) => {
            setSearch(value.trim());
            setTable((state) => ({ ...state, page: 0 }));
          }}
          style={{ maxWidth: 320 }}
        />
      </Flex>
      {error ? (
        <ErrorMessage error={error} />
      ) : (
        <ListTable<RlsListItem>
          dataTest="rls-list"
          rowDataTest="rls-row"
          columns={columns}
          rows={data?.result ?? []}
          total={data?.count ?? 0}
          loading={isFetching}
          state={table}
          onChange={setTable}
          rowKey="id"
          emptyText={<EmptyState title={search ? 'No rules match your search' : 'No row level security rules yet'} description="Rules restrict the rows of datasets each role can query." />}
        />
      )}
      {editing ? <RowLevelSecurityModal key={editing.rule?.id ?? 'new'} rule={editing.rule} onClose={() => setEditing(null)} /> : null}
      <ConfirmDelete
        open={deleting !== null}
        title="Delete rule?"
        description={
          <>
            Are you sure you want to delete <strong>{deleting?.name}</strong>?
          </>
        }
        loading={deletion.isLoading}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
