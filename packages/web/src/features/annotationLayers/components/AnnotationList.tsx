import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button, Space, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { hasPermission } from '@tessera/core';
import { useDeleteAnnotationsMutation, useGetAnnotationLayerQuery, useListAnnotationsQuery, type AnnotationListItem } from '../../../api/annotationLayerApi';
import { ConfirmDelete } from '../../../ui/ConfirmDelete';
import { EmptyState } from '../../../ui/EmptyState';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '../../../ui/icons';
import { ListTable, type ListTableState } from '../../../ui/ListTable';
import { PageHeader } from '../../../ui/PageHeader';
import { useCurrentUser } from '../../auth';
import { ErrorMessage, getClientErrorObject } from '../../errors';
import { useToasts } from '../../toasts';
import { ANNOTATION_LAYER_LIST_PATH } from '../utils/annotationPaths';
import { AnnotationModal } from './AnnotationModal';

const INITIAL_STATE: ListTableState = { page: 0, pageSize: 25, sortColumn: 'start_dttm', sortDirection: 'asc' };
/** Stored times are naive UTC: shown as such. */
const showTime = (stored: string) => `${stored.replace('T', ' ')} UTC`;

type Editing = { annotation: AnnotationListItem | null } | null;

/** `/annotationlayer/<id>/annotation/`: one layer's annotations, oldest first; add, edit and delete them. */
export function AnnotationList({ layerId }: { layerId: number }) {
  const { principal } = useCurrentUser();
  const canWrite = principal ? hasPermission(principal, 'can_write', 'Annotation') : false;
  const [table, setTable] = useState<ListTableState>(INITIAL_STATE);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AnnotationListItem | null>(null);
  const [deleteAnnotations, deletion] = useDeleteAnnotationsMutation();
  const { addSuccessToast, addDangerToast } = useToasts();
  const layer = useGetAnnotationLayerQuery(layerId);
  const { data, error, isFetching } = useListAnnotationsQuery({
    layerId,
    params: {
      ...(table.sortColumn ? { order_column: table.sortColumn, order_direction: table.sortDirection ?? 'asc' } : {}),
      page: table.page,
      page_size: table.pageSize,
    },
  });

  const columns = useMemo<ColumnsType<AnnotationListItem>>(
    () => [
      { key: 'short_descr', title: 'Name', dataIndex: 'short_descr', sorter: true },
      { key: 'start_dttm', title: 'Start', sorter: true, render: (_v, a) => showTime(a.start_dttm) },
      { key: 'end_dttm', title: 'End', sorter: true, render: (_v, a) => showTime(a.end_dttm) },
      { key: 'long_descr', title: 'Description', dataIndex: 'long_descr' },
      ...(canWrite
        ? [
            {
              key: 'actions',
              title: 'Actions',
              render: (_v: unknown, annotation: AnnotationListItem) => (
                <Space size={0}>
                  <Tooltip title="Edit">
                    <Button type="text" icon={<EditOutlined />} aria-label={`Edit ${annotation.short_descr}`} onClick={() => setEditing({ annotation })} />
                  </Tooltip>
                  <Tooltip title="Delete">
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Delete ${annotation.short_descr}`} onClick={() => setDeleting(annotation)} />
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
      await deleteAnnotations({ layerId, ids: [deleting.id] }).unwrap();
      addSuccessToast(`Deleted: ${deleting.short_descr}`);
    } catch (caught) {
      addDangerToast(`There was an issue deleting ${deleting.short_descr}: ${getClientErrorObject(caught).error}`);
    }
    setDeleting(null);
  };

  if (layer.error) return <ErrorMessage error={layer.error} />;
  return (
    <div data-test="annotation-list-page">
      <PageHeader
        title={layer.data ? `Annotation layer ${layer.data.name}` : 'Annotation layer'}
        subtitle={<Link to={ANNOTATION_LAYER_LIST_PATH}>Back to all annotation layers</Link>}
        extra={
          canWrite ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ annotation: null })} data-test="add-annotation">
              Annotation
            </Button>
          ) : null
        }
      />
      {error ? (
        <ErrorMessage error={error} />
      ) : (
        <ListTable<AnnotationListItem>
          dataTest="annotation-list"
          rowDataTest="annotation-row"
          columns={columns}
          rows={data?.result ?? []}
          total={data?.count ?? 0}
          loading={isFetching}
          state={table}
          onChange={setTable}
          rowKey="id"
          emptyText={<EmptyState title="No annotations yet" description="Add events (one time) or intervals (a start and an end) to this layer." />}
        />
      )}
      {editing ? <AnnotationModal key={editing.annotation?.id ?? 'new'} open layerId={layerId} annotation={editing.annotation} onClose={() => setEditing(null)} /> : null}
      <ConfirmDelete
        open={deleting !== null}
        title="Delete annotation?"
        description={
          <>
            Are you sure you want to delete <strong>{deleting?.short_descr}</strong>?
          </>
        }
        loading={deletion.isLoading}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
