import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button, Flex, Input, Space, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { hasPermission } from '@tessera/core';
import { useDeleteAnnotationLayersMutation, useListAnnotationLayersQuery, type AnnotationLayerListItem } from '../../../api/annotationLayerApi';
import { ConfirmDelete } from '../../../ui/ConfirmDelete';
import { EmptyState } from '../../../ui/EmptyState';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '../../../ui/icons';
import { ListTable, type ListTableState } from '../../../ui/ListTable';
import { PageHeader } from '../../../ui/PageHeader';
import { useCurrentUser } from '../../auth';
import { ErrorMessage, getClientErrorObject } from '../../errors';
import { useToasts } from '../../toasts';
import { annotationListPath } from '../utils/annotationPaths';
import { AnnotationLayerModal } from './AnnotationLayerModal';

const INITIAL_STATE: ListTableState = { page: 0, pageSize: 25, sortColumn: 'name', sortDirection: 'asc' };
const userName = (user: AnnotationLayerListItem['created_by']) => (user ? `${user.first_name} ${user.last_name}`.trim() : '');

type Editing = { layer: AnnotationLayerListItem | null } | null;

/** `/annotationlayer/list/`: search, sort and page the layers; add, edit and delete them (with can_write). */
export function AnnotationLayerList() {
  const { principal } = useCurrentUser();
  const canWrite = principal ? hasPermission(principal, 'can_write', 'Annotation') : false;
  const [search, setSearch] = useState('');
  const [table, setTable] = useState<ListTableState>(INITIAL_STATE);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AnnotationLayerListItem | null>(null);
  const [deleteLayers, deletion] = useDeleteAnnotationLayersMutation();
  const { addSuccessToast, addDangerToast } = useToasts();

  const { data, error, isFetching } = useListAnnotationLayersQuery({
    filters: search ? [{ col: 'name', opr: 'annotation_layer_all_text', value: search }] : [],
    ...(table.sortColumn ? { order_column: table.sortColumn, order_direction: table.sortDirection ?? 'asc' } : {}),
    page: table.page,
    page_size: table.pageSize,
  });

  const columns = useMemo<ColumnsType<AnnotationLayerListItem>>(
    () => [
      { key: 'name', title: 'Name', sorter: true, render: (_v, layer) => <Link to={annotationListPath(layer.id)}>{layer.name}</Link> },
      { key: 'descr', title: 'Description', dataIndex: 'descr', sorter: true },
      { key: 'changed_on_delta_humanized', title: 'Last modified', dataIndex: 'changed_on_delta_humanized', sorter: true },
      { key: 'created_by.first_name', title: 'Created by', sorter: true, render: (_v, layer) => userName(layer.created_by) },
      ...(canWrite
        ? [
            {
              key: 'actions',
              title: 'Actions',
              render: (_v: unknown, layer: AnnotationLayerListItem) => (
                <Space size={0}>
                  <Tooltip title="Edit">
                    <Button type="text" icon={<EditOutlined />} aria-label={`Edit ${layer.name}`} onClick={() => setEditing({ layer })} />
                  </Tooltip>
                  <Tooltip title="Delete">
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Delete ${layer.name}`} onClick={() => setDeleting(layer)} />
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
      await deleteLayers([deleting.id]).unwrap();
      addSuccessToast(`Deleted: ${deleting.name}`);
    } catch (caught) {
      addDangerToast(`There was an issue deleting ${deleting.name}: ${getClientErrorObject(caught).error}`);
    }
    setDeleting(null);
  };

  return (
    <div data-test="annotation-layer-list-page">
      <PageHeader
        title="Annotation layers"
        extra={
          canWrite ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ layer: null })} data-test="add-annotation-layer">
              Annotation layer
            </Button>
          ) : null
        }
      />
      <Flex style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder="Type a value"
          aria-label="Search annotation layers"
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
        <ListTable<AnnotationLayerListItem>
          dataTest="annotation-layer-list"
          rowDataTest="annotation-layer-row"
          columns={columns}
          rows={data?.result ?? []}
          total={data?.count ?? 0}
          loading={isFetching}
          state={table}
          onChange={setTable}
          rowKey="id"
          emptyText={<EmptyState title={search ? 'No annotation layers match your search' : 'No annotation layers yet'} description="Annotation layers mark events and periods on time-series charts." />}
        />
      )}
      {editing ? <AnnotationLayerModal key={editing.layer?.id ?? 'new'} open layer={editing.layer} onClose={() => setEditing(null)} /> : null}
      <ConfirmDelete
        open={deleting !== null}
        title="Delete annotation layer?"
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
