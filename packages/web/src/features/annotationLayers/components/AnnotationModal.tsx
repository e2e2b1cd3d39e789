import { useState } from 'react';
import { Alert, Form, Input } from 'antd';
import { useCreateAnnotationMutation, useUpdateAnnotationMutation, type AnnotationListItem } from '../../../api/annotationLayerApi';
import { Modal } from '../../../ui/Modal';
import { getClientErrorObject, getFieldErrors } from '../../errors';
import { Field } from './FieldForm';

interface AnnotationModalProps {
  open: boolean;
  layerId: number;
  /** The annotation to edit; null adds one. */
  annotation: AnnotationListItem | null;
  onClose: () => void;
}

/** `YYYY-MM-DDTHH:MM:SS` → the `datetime-local` input's `YYYY-MM-DDTHH:MM`. */
const toInput = (stored: string | undefined) => (stored ? stored.slice(0, 16) : '');

/**
 * Adds or edits one annotation: a short description, times (UTC; an event has the same start and end) and
 * an optional long description. The server checks the end is not before the start.
 */
export function AnnotationModal({ open, layerId, annotation, onClose }: AnnotationModalProps) {
  const [create, created] = useCreateAnnotationMutation();
  const [update, updated] = useUpdateAnnotationMutation();
  const [shortDescr, setShortDescr] = useState(annotation?.short_descr ?? '');
  const [longDescr, setLongDescr] = useState(annotation?.long_descr ?? '');
  const [start, setStart] = useState(toInput(annotation?.start_dttm));
  const [end, setEnd] = useState(toInput(annotation?.end_dttm));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    const body = { short_descr: shortDescr.trim(), long_descr: longDescr.trim() || null, start_dttm: start, end_dttm: end || start };
    try {
      if (annotation) await update({ layerId, id: annotation.id, body }).unwrap();
      else await create({ layerId, body }).unwrap();
      onClose();
    } catch (caught) {
      const fields = getFieldErrors(caught);
      setFieldErrors(fields);
      setError(Object.keys(fields).length > 0 ? null : getClientErrorObject(caught).error);
    }
  };

  return (
    <Modal
      open={open}
      title={annotation ? 'Edit annotation' : 'Add annotation'}
      onCancel={onClose}
      onConfirm={() => void save()}
      confirmText={annotation ? 'Save' : 'Add'}
      confirmDisabled={shortDescr.trim() === '' || start === ''}
      confirmLoading={created.isLoading || updated.isLoading}
      dataTest="annotation-modal"
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
      <Form layout="vertical">
        <Field label="Name" id="annotation-short-descr" errors={fieldErrors.short_descr} required>
          <Input id="annotation-short-descr" value={shortDescr} onChange={(e) => setShortDescr(e.target.value)} maxLength={500} />
        </Field>
        <Field label="Start (UTC)" id="annotation-start" errors={fieldErrors.start_dttm} required>
          <Input id="annotation-start" type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} />
        </Field>
        <Field label="End (UTC, empty for an event)" id="annotation-end" errors={fieldErrors.end_dttm}>
          <Input id="annotation-end" type="datetime-local" value={end} onChange={(e) => setEnd(e.target.value)} />
        </Field>
        <Field label="Description" id="annotation-long-descr" errors={fieldErrors.long_descr}>
          <Input.TextArea id="annotation-long-descr" value={longDescr} onChange={(e) => setLongDescr(e.target.value)} rows={3} />
        </Field>
      </Form>
    </Modal>
  );
}
