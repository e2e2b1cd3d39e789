import { useState } from 'react';
import type { DatasetShow } from '@tessera/core';
import { Alert, Skeleton, Tabs } from 'antd';
import { useGetDatasetQuery, useRefreshDatasetMutation, useUpdateDatasetMutation } from '../../../api/datasetApi';
import { Modal } from '../../../ui/Modal';
import { ErrorMessage, getClientErrorObject } from '../../errors';
import { useToasts } from '../../toasts';
import { datasetUpdateFromDraft, draftFromDataset, mergeSyncedColumns, syncSummary, validateDraft, type DatasetDraft } from '../utils/datasetDraft';
import { DatasetColumnsTab } from './DatasetColumnsTab';
import { DatasetMetricsTab } from './DatasetMetricsTab';
import { DatasetSettingsTab } from './DatasetSettingsTab';

export const DATASET_SAVED = 'The dataset has been saved';
export const METADATA_SYNCED = 'Metadata has been synced';
const EDIT_WARNING =
  'Be careful. Changing these settings will affect all charts using this dataset, including charts owned by other people.';

interface DatasetEditModalProps {
  /** The dataset being edited; null closes the modal. */
  datasetId: number | null;
  onClose: () => void;
  onSaved?: () => void;
}

function EditForm({ dataset, onClose, onSaved, onRefetch }: { dataset: DatasetShow; onClose: () => void; onSaved?: () => void; onRefetch: () => Promise<DatasetShow | undefined> }) {
  const [draft, setDraft] = useState<DatasetDraft>(() => draftFromDataset(dataset));
  const [problems, setProblems] = useState<string[]>([]);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [update, saving] = useUpdateDatasetMutation();
  const [refresh, syncing] = useRefreshDatasetMutation();
  const { addSuccessToast, addDangerToast } = useToasts();

  const save = async () => {
    const found = validateDraft(draft);
    setProblems(found);
    if (found.length > 0) return;
    try {
      await update({ id: dataset.id, body: datasetUpdateFromDraft(draft) }).unwrap();
      addSuccessToast(DATASET_SAVED);
      onSaved?.();
      onClose();
    } catch (caught) {
      const message = getClientErrorObject(caught).error;
      setSaveError(message);
      addDangerToast(message);
    }
  };

  // Syncing rewrites the source columns on the server; unsaved edits (column labels and flags, calculated columns, settings) are kept.
  const sync = async () => {
    try {
      await refresh(dataset.id).unwrap();
      const fresh = await onRefetch();
      if (!fresh) {
        addSuccessToast(METADATA_SYNCED);
        return;
      }
      const source = draftFromDataset(fresh).columns.filter((column) => column.expression === null);
      setDraft((current) => ({ ...current, columns: mergeSyncedColumns(current.columns, source).columns }));
      addSuccessToast(syncSummary(mergeSyncedColumns(draft.columns, source)));
    } catch (caught) {
      addDangerToast(getClientErrorObject(caught).error);
    }
  };

  const sourceColumns = draft.columns.filter((column) => column.expression === null).length;
  const calculatedColumns = draft.columns.length - sourceColumns;
  return (
    <Modal
      open
      width={1000}
      title={`Edit Dataset ${dataset.table_name}`}
      onCancel={onClose}
      onConfirm={() => void save()}
      confirmText="Save"
      confirmLoading={saving.isLoading}
      dataTest="dataset-edit-modal"
    >
      <Alert type="warning" showIcon title={EDIT_WARNING} style={{ marginBottom: 16 }} />
      {saveError ? <Alert type="error" showIcon title={saveError} style={{ marginBottom: 16 }} data-test="dataset-save-error" /> : null}
      {problems.length > 0 ? (
        <Alert type="error" showIcon title="Please fix these before saving" description={<ul style={{ margin: 0 }}>{problems.map((problem) => <li key={problem}>{problem}</li>)}</ul>} style={{ marginBottom: 16 }} data-test="dataset-validation-errors" />
      ) : null}
      <Tabs
        defaultActiveKey="settings"
        items={[
          {
            key: 'settings',
            label: 'Settings',
            children: <DatasetSettingsTab kind={draft.kind} value={draft.settings} columns={draft.columns} onChange={(settings) => setDraft((d) => ({ ...d, settings }))} />,
          },
          {
            key: 'metrics',
            label: `Metrics (${draft.metrics.length})`,
            children: <DatasetMetricsTab value={draft.metrics} onChange={(metrics) => setDraft((d) => ({ ...d, metrics }))} />,
          },
          {
            key: 'columns',
            label: `Columns (${sourceColumns})`,
            children: (
              <DatasetColumnsTab calculated={false} value={draft.columns} onChange={(columns) => setDraft((d) => ({ ...d, columns }))} onSync={() => void sync()} syncing={syncing.isLoading} />
            ),
          },
          {
            key: 'calculated',
            label: `Calculated columns (${calculatedColumns})`,
            children: <DatasetColumnsTab calculated value={draft.columns} onChange={(columns) => setDraft((d) => ({ ...d, columns }))} />,
          },
        ]}
      />
    </Modal>
  );
}

function LoadedEditModal({ datasetId, onClose, onSaved }: { datasetId: number; onClose: () => void; onSaved?: () => void }) {
  const dataset = useGetDatasetQuery(datasetId, { refetchOnMountOrArgChange: true });
  // The draft starts from a fresh copy; once the form is up, later refetches (sync, save) must not remount it.
  const [ready, setReady] = useState(false);
  if (!ready && dataset.data && !dataset.isFetching) setReady(true);
  if (ready && dataset.data) {
    return (
      <EditForm
        dataset={dataset.data}
        onClose={onClose}
        {...(onSaved ? { onSaved } : {})}
        onRefetch={async () => (await dataset.refetch()).data}
      />
    );
  }
  return (
    <Modal open title="Edit Dataset" onCancel={onClose} dataTest="dataset-edit-modal">
      {dataset.error ? <ErrorMessage error={dataset.error} /> : <Skeleton active />}
    </Modal>
  );
}

/** Edits a dataset's settings, metrics and columns, saved in one `PUT /api/v1/dataset/<pk>`. */
export function DatasetEditModal({ datasetId, onClose, onSaved }: DatasetEditModalProps) {
  return datasetId === null ? null : <LoadedEditModal key={datasetId} datasetId={datasetId} onClose={onClose} {...(onSaved ? { onSaved } : {})} />;
}
