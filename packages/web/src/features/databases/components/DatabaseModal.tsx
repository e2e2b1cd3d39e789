import { Flex, Spin } from 'antd';
import { useGetDatabaseQuery } from '../../../api/databaseApi';
import { Modal } from '../../../ui/Modal';
import { ErrorMessage } from '../../errors';
import { DatabaseForm } from './DatabaseForm';

interface DatabaseModalProps {
  open: boolean;
  /** Edit this database; connect a new one when absent. */
  databaseId?: number;
  onClose: () => void;
}

function EditDatabaseForm({ databaseId, onClose }: { databaseId: number; onClose: () => void }) {
  const { data, error, isFetching } = useGetDatabaseQuery(databaseId, { refetchOnMountOrArgChange: true });
  if (error) return <ErrorMessage error={error} />;
  if (!data || isFetching) {
    return (
      <Flex justify="center" style={{ padding: 32 }}>
        <Spin aria-label="Loading database" />
      </Flex>
    );
  }
  return <DatabaseForm key={data.id} database={data} onCancel={onClose} onSaved={onClose} />;
}

/** Connect a database, or edit one. */
export function DatabaseModal({ open, databaseId, onClose }: DatabaseModalProps) {
  return (
    <Modal
      open={open}
      title={databaseId === undefined ? 'Connect a database' : 'Edit database'}
      onCancel={onClose}
      footer={null}
      dataTest="database-modal"
    >
      {databaseId === undefined ? (
        <DatabaseForm onCancel={onClose} onSaved={onClose} />
      ) : (
        <EditDatabaseForm databaseId={databaseId} onClose={onClose} />
      )}
    </Modal>
  );
}
