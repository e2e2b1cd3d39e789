import { Button, Space, Typography } from 'antd';
import type { SavedQueryListItem } from '../../../api/savedQueryApi';
import { LinkOutlined } from '../../../ui/icons';
import { LinkButton } from '../../../ui/LinkButton';
import { Modal } from '../../../ui/Modal';
import { SqlBlock } from '../../../ui/SqlBlock';
import { useCopyToClipboard } from '../../errors';
import { savedQueryShareUrl, savedQuerySqlLabPath } from '../utils/savedQueryLinks';

interface SavedQueryPreviewModalProps {
  open: boolean;
  /** Kept while the dialog closes so its content does not flip during the animation. */
  query: SavedQueryListItem | null;
  onClose: () => void;
}

/** Read-only SQL of a saved query, with "Copy link" and "Open in SQL Lab". */
export function SavedQueryPreviewModal({ open, query, onClose }: SavedQueryPreviewModalProps) {
  const copy = useCopyToClipboard();
  return (
    <Modal
      open={open && query !== null}
      title={`Query preview: ${query?.label ?? ''}`}
      onCancel={onClose}
      dataTest="saved-query-preview-modal"
      footer={
        query ? (
          <Space wrap style={{ justifyContent: 'flex-end', width: '100%' }}>
            <Button icon={<LinkOutlined />} data-test="copy-url" onClick={() => void copy(savedQueryShareUrl(query.id))}>
              Copy link
            </Button>
            <LinkButton type="primary" to={savedQuerySqlLabPath(query.id)} data-test="open-in-sql-lab">
              Open in SQL Lab
            </LinkButton>
          </Space>
        ) : null
      }
    >
      {query?.description ? <Typography.Paragraph type="secondary">{query.description}</Typography.Paragraph> : null}
      <SqlBlock sql={query?.sql ?? ''} dataTest="saved-query-preview-sql" />
    </Modal>
  );
}
