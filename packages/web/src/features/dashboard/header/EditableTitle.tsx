import { useState } from 'react';
import { Input, Typography } from 'antd';
import { UNTITLED_DASHBOARD } from '@tessera/core';

/** The dashboard title: plain text in view mode, an input in edit mode (empty is saved as '[ untitled dashboard ]'). */
export function EditableTitle({ title, editing, onChange }: { title: string; editing: boolean; onChange: (title: string) => void }) {
  const [draft, setDraft] = useState(title);
  // A new title from outside (Discard, properties) replaces the draft: adjust state during render, not in an effect.
  const [shown, setShown] = useState(title);
  if (shown !== title) {
    setShown(title);
    setDraft(title);
  }
  if (!editing) {
    return (
      <Typography.Title level={4} style={{ margin: 0 }} data-test="editable-title">
        {title || UNTITLED_DASHBOARD}
      </Typography.Title>
    );
  }
  const commit = () => {
    if (draft !== title) onChange(draft);
  };
  return (
    <Input
      aria-label="Dashboard title"
      value={draft}
      placeholder={UNTITLED_DASHBOARD}
      maxLength={500}
      variant="borderless"
      style={{ fontSize: 20, fontWeight: 600, maxWidth: 480 }}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onPressEnter={commit}
      data-test="editable-title-input"
    />
  );
}
