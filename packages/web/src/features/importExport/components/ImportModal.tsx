import { useState } from 'react';
import type { BundleResource } from '@tessera/core';
import { Alert, Button, Typography, Upload } from 'antd';
import { useImportBundleMutation } from '../../../api/importExportApi';
import { Modal } from '../../../ui/Modal';
import { getClientErrorObject } from '../../errors';
import { useToasts } from '../../toasts';
import { importOutcome, type ImportOutcome } from '../utils/importOutcome';
import { UploadOutlined } from '../utils/icons';
import { ImportPasswordFields } from './ImportPasswordFields';
import { OVERWRITE_WORD, OverwriteConfirm } from './OverwriteConfirm';

const PLURAL: Record<BundleResource, string> = { chart: 'charts', dataset: 'datasets', database: 'databases', dashboard: 'dashboards' };
const TITLE: Record<BundleResource, string> = { chart: 'Chart', dataset: 'Dataset', database: 'Database', dashboard: 'Dashboard' };

interface ImportModalProps {
  resource: BundleResource;
  open: boolean;
  onClose: () => void;
}

const NOTHING_ASKED: ImportOutcome = { passwordsNeeded: [], alreadyExists: [], failure: null };

/**
 * Superset's ImportModal: pick an export ZIP and import it. The server's answer drives what comes next: it
 * may ask for the passwords of masked databases, or for a typed confirmation to overwrite what exists.
 */
export function ImportModal({ resource, open, onClose }: ImportModalProps) {
  const [importBundle, { isLoading }] = useImportBundleMutation();
  const { addSuccessToast } = useToasts();
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<ImportOutcome>(NOTHING_ASKED);
  const [passwords, setPasswords] = useState<Record<string, string>>({});
  const [confirm, setConfirm] = useState('');

  const reset = () => {
    setFile(null);
    setOutcome(NOTHING_ASKED);
    setPasswords({});
    setConfirm('');
  };
  const close = () => {
    reset();
    onClose();
  };
  const pick = (picked: File | null) => {
    reset();
    setFile(picked);
  };

  const needsOverwrite = outcome.alreadyExists.length > 0;
  const passwordsMissing = outcome.passwordsNeeded.some((name) => !passwords[name]);
  const ready = file !== null && !passwordsMissing && (!needsOverwrite || confirm === OVERWRITE_WORD);

  const submit = async () => {
    if (!file) return;
    try {
      await importBundle({ resource, file, overwrite: needsOverwrite && confirm === OVERWRITE_WORD, passwords }).unwrap();
      addSuccessToast(`${TITLE[resource]} imported`);
      close();
    } catch (caught) {
      const next = importOutcome(getClientErrorObject(caught));
      // Passwords typed so far stay asked for: the next answer may only list the files still missing one.
      setOutcome({ ...next, passwordsNeeded: [...new Set([...outcome.passwordsNeeded, ...next.passwordsNeeded])] });
    }
  };

  return (
    <Modal
      open={open}
      title={`Import ${resource}`}
      onCancel={close}
      onConfirm={() => void submit()}
      confirmText={needsOverwrite ? 'Overwrite' : 'Import'}
      confirmDanger={needsOverwrite}
      confirmLoading={isLoading}
      confirmDisabled={!ready}
      dataTest={`import-${resource}-modal`}
    >
      <Upload
        accept=".zip"
        maxCount={1}
        fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
        beforeUpload={(picked) => {
          pick(picked);
          // The file goes with the form on Import, not on its own when picked.
          return false;
        }}
        onRemove={() => pick(null)}
      >
        <Button icon={<UploadOutlined />} data-test="import-select-file">
          Select file
        </Button>
      </Upload>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        A ZIP file exported from Tessera or Superset.
      </Typography.Paragraph>
      {outcome.failure ? (
        <Alert
          type="error"
          showIcon
          title={outcome.failure.message}
          description={
            outcome.failure.details.length > 0 ? (
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {outcome.failure.details.map((detail) => (
                  <li key={detail}>{detail}</li>
                ))}
              </ul>
            ) : undefined
          }
          style={{ marginBottom: 12 }}
          data-test="import-error"
        />
      ) : null}
      {outcome.passwordsNeeded.length > 0 ? (
        <ImportPasswordFields
          files={outcome.passwordsNeeded}
          values={passwords}
          onChange={(name, value) => setPasswords((current) => ({ ...current, [name]: value }))}
          importing={PLURAL[resource]}
        />
      ) : null}
      {needsOverwrite ? <OverwriteConfirm importing={PLURAL[resource]} value={confirm} onChange={setConfirm} /> : null}
    </Modal>
  );
}
