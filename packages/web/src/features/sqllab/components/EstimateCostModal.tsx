import { useState } from 'react';
import { Alert, Button, Spin, Table } from 'antd';
import { Modal } from '../../../ui/Modal';
import { useSqlLabDispatch, useSqlLabSelector } from '../hooks/useSqlLabStore';
import { estimateEditorCost } from '../state/editorThunks';
import type { QueryEditor } from '../state/types';
import { formatCell } from '../utils/formatCell';

/** 'Estimate cost' (selection if any) and its result table. */
export function EstimateCostModal({ editor }: { editor: QueryEditor }) {
  const dispatch = useSqlLabDispatch();
  const estimate = useSqlLabSelector((s) => s.sqlLab.queryCostEstimates[editor.id]);
  const [open, setOpen] = useState(false);
  const rows = estimate?.status === 'returned' ? estimate.result : [];
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return (
    <>
      <Button
        data-test="estimate-cost-button"
        disabled={editor.dbId === null}
        onClick={() => {
          setOpen(true);
          void dispatch(estimateEditorCost(editor.id));
        }}
      >
        {editor.selectedText?.trim() ? 'Estimate selected query cost' : 'Estimate cost'}
      </Button>
      <Modal open={open} title="Query cost estimate" onCancel={() => setOpen(false)} dataTest="estimate-modal" cancelText="Close">
        {estimate?.status === 'started' ? <Spin /> : null}
        {estimate?.status === 'failed' ? <Alert type="error" showIcon title={estimate.error} /> : null}
        {estimate?.status === 'returned' ? (
          <Table
            size="small"
            pagination={false}
            rowKey={(_r, i) => String(i)}
            dataSource={rows}
            columns={keys.map((k) => ({ title: k, dataIndex: k, render: (v: unknown) => formatCell(v) }))}
          />
        ) : null}
      </Modal>
    </>
  );
}
