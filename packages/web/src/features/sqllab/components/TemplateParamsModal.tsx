import { useState } from 'react';
import { Alert, Button, Input } from 'antd';
import { Modal } from '../../../ui/Modal';
import { useSqlLabDispatch } from '../hooks/useSqlLabStore';
import { updateQueryEditor } from '../state/sqlLabSlice';
import type { QueryEditor } from '../state/types';

/** Null when the text is empty or a JSON object, else the parse problem. */
export function templateParamsError(text: string): string | null {
  if (!text.trim()) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? null : 'Template parameters must be a JSON object';
  } catch (error) {
    return `Invalid JSON: ${(error as Error).message}`;
  }
}

/** JSON editor of the tab's template parameters (validated before it is kept). */
export function TemplateParamsModal({ editor }: { editor: QueryEditor }) {
  const dispatch = useSqlLabDispatch();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(editor.templateParams);
  const error = templateParamsError(text);
  return (
    <>
      <Button data-test="template-params-button" onClick={() => (setText(editor.templateParams || '{}'), setOpen(true))}>
        Parameters
      </Button>
      <Modal
        open={open}
        title="Template parameters"
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          dispatch(updateQueryEditor(editor.id, { templateParams: text }));
          setOpen(false);
        }}
        confirmDisabled={error !== null}
        dataTest="template-params-modal"
      >
        <Input.TextArea
          aria-label="Template parameters"
          rows={10}
          style={{ fontFamily: 'monospace' }}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        {error ? <Alert type="error" showIcon title={error} style={{ marginTop: 8 }} /> : null}
      </Modal>
    </>
  );
}
