import { useState } from 'react';
import { Segmented, Space } from 'antd';
import type { QueryHistoryItem } from '../../../api/queryApi';
import { LinkButton } from '../../../ui/LinkButton';
import { Modal } from '../../../ui/Modal';
import { SqlBlock } from '../../../ui/SqlBlock';
import { querySqlLabPath } from '../utils/queryLinks';

type SqlKind = 'user' | 'executed';

interface QueryPreviewModalProps {
  open: boolean;
  /** Kept while the dialog closes so its content does not flip during the animation. */
  query: QueryHistoryItem | null;
  onClose: () => void;
}

/** Full SQL of a past query (as typed, or as executed) with "Open in SQL Lab". */
export function QueryPreviewModal({ open, query, onClose }: QueryPreviewModalProps) {
  const [kind, setKind] = useState<SqlKind>('user');
  const executed = query?.executed_sql ?? null;
  const close = () => {
    setKind('user');
    onClose();
  };

  return (
    <Modal
      open={open && query !== null}
      title="Query preview"
      onCancel={close}
      dataTest="query-preview-modal"
      footer={
        query ? (
          <Space wrap style={{ justifyContent: 'flex-end', width: '100%' }}>
            <LinkButton type="primary" to={querySqlLabPath(query.id)} data-test="open-in-sql-lab">
              Open in SQL Lab
            </LinkButton>
          </Space>
        ) : null
      }
    >
      {executed && executed !== query?.sql ? (
        <Segmented<SqlKind>
          value={kind}
          onChange={setKind}
          options={[
            { value: 'user', label: 'User query' },
            { value: 'executed', label: 'Executed query' },
          ]}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <SqlBlock sql={(kind === 'executed' && executed) || query?.sql || ''} dataTest="query-preview-sql" />
    </Modal>
  );
}
