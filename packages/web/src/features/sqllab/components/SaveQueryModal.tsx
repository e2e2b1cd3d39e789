import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { sqllabResourcesApi, type SavedQueryBody } from '../../../api/sqllabResourcesApi';
import { Modal } from '../../../ui/Modal';
import { useToasts } from '../../toasts';
import { useSqlLabDispatch } from '../hooks/useSqlLabStore';
import { updateQueryEditor } from '../state/sqlLabSlice';
import type { QueryEditor } from '../state/types';

export const SAVE_MSG = {
  saved: 'Your query was saved',
  saveFailed: 'Your query could not be saved',
  updated: 'Your query was updated',
  updateFailed: 'Your query could not be updated',
};

/** Save (POST) or Update (PUT) the tab as a saved query; the tab is then linked to it. */
export function SaveQueryModal({ editor }: { editor: QueryEditor }) {
  const dispatch = useSqlLabDispatch();
  const { addSuccessToast, addDangerToast } = useToasts();
  const [open, setOpen] = useState(false);
  const [label, setLabel] = useState(editor.name);
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);

  const body = (): SavedQueryBody => ({
    label: label.trim(),
    description,
    db_id: editor.dbId,
    schema: editor.schema,
    sql: editor.sql,
    template_parameters: editor.templateParams,
  });

  const save = async (asNew: boolean) => {
    setBusy(true);
    const update = !asNew && editor.remoteId !== null;
    try {
      if (update) {
        await dispatch(sqllabResourcesApi.endpoints.sqlLabUpdateSavedQuery.initiate({ id: editor.remoteId!, body: body() })).unwrap();
        addSuccessToast(SAVE_MSG.updated);
        dispatch(updateQueryEditor(editor.id, { name: label.trim() }));
      } else {
        const { id } = await dispatch(sqllabResourcesApi.endpoints.sqlLabCreateSavedQuery.initiate(body())).unwrap();
        addSuccessToast(SAVE_MSG.saved);
        dispatch(updateQueryEditor(editor.id, { remoteId: id, name: label.trim() }));
      }
      setOpen(false);
    } catch {
      addDangerToast(update ? SAVE_MSG.updateFailed : SAVE_MSG.saveFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button data-test="save-query-button" onClick={() => (setLabel(editor.name), setOpen(true))}>
        Save
      </Button>
      <Modal
        open={open}
        title={editor.remoteId ? 'Save query' : 'Save query'}
        onCancel={() => setOpen(false)}
        onConfirm={() => void save(false)}
        confirmText={editor.remoteId ? 'Update' : 'Save'}
        confirmDisabled={!label.trim()}
        confirmLoading={busy}
        extraFooter={
          editor.remoteId ? (
            <Button onClick={() => void save(true)} disabled={!label.trim()} data-test="save-as-new-button">
              Save as new
            </Button>
          ) : null
        }
        dataTest="save-query-modal"
      >
        <Form layout="vertical">
          <Form.Item label="Name">
            <Input aria-label="Name" value={label} onChange={(e) => setLabel(e.target.value)} />
          </Form.Item>
          <Form.Item label="Description">
            <Input.TextArea aria-label="Description" rows={4} value={description} onChange={(e) => setDescription(e.target.value)} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
