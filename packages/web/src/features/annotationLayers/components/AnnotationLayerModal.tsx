import { useState } from 'react';
import { Alert, Form, Input } from 'antd';
import { useCreateAnnotationLayerMutation, useUpdateAnnotationLayerMutation, type AnnotationLayerShow } from '../../../api/annotationLayerApi';
import { Modal } from '../../../ui/Modal';
import { getClientErrorObject, getFieldErrors } from '../../errors';
import { Field } from './FieldForm';

interface AnnotationLayerModalProps {
  open: boolean;
  /** The layer to edit; null creates one. */
  layer: AnnotationLayerShow | null;
  onClose: () => void;
  onSaved?: (id: number) => void;
}

/** Creates or edits an annotation layer (name and description); server messages show under their fields. */
export function AnnotationLayerModal({ open, layer, onClose, onSaved }: AnnotationLayerModalProps) {
  const [create, created] = useCreateAnnotationLayerMutation();
  const [update, updated] = useUpdateAnnotationLayerMutation();
  const [name, setName] = useState(layer?.name ?? '');
  const [descr, setDescr] = useState(layer?.descr ?? '');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    const body = { name: name.trim(), descr: descr.trim() || null };
    try {
      const answer = layer ? await update({ id: layer.id, body }).unwrap() : await create(body).unwrap();
      onSaved?.(answer.id);
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
      title={layer ? 'Edit annotation layer' : 'Add annotation layer'}
      onCancel={onClose}
      onConfirm={() => void save()}
      confirmText={layer ? 'Save' : 'Add'}
      confirmDisabled={name.trim() === ''}
      confirmLoading={created.isLoading || updated.isLoading}
      dataTest="annotation-layer-modal"
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
      <Form layout="vertical">
        <Field label="Annotation layer name" id="annotation-layer-name" errors={fieldErrors.name} required>
          <Input id="annotation-layer-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={250} />
        </Field>
        <Field label="Description" id="annotation-layer-descr" errors={fieldErrors.descr}>
          <Input.TextArea id="annotation-layer-descr" value={descr} onChange={(e) => setDescr(e.target.value)} rows={3} />
        </Field>
      </Form>
    </Modal>
  );
}
