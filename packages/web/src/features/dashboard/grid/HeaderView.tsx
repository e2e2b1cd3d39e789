import { useState } from 'react';
import { Input, Segmented, Switch, theme } from 'antd';
import { NEW_HEADER_TEXT, type HeaderSize, type LayoutComponent } from '@tessera/core';
import { EditChrome } from '../builder/EditChrome';
import { layoutEdits, tryLayoutEdit, useLayoutDispatch } from '../state/dashboardLayoutSlice';
import { useGridSettings } from './GridContext';

const FONT_SIZE: Record<HeaderSize, number> = { SMALL_HEADER: 16, MEDIUM_HEADER: 24, LARGE_HEADER: 32 };
const SIZE_OPTIONS: { value: HeaderSize; label: string }[] = [
  { value: 'SMALL_HEADER', label: 'S' },
  { value: 'MEDIUM_HEADER', label: 'M' },
  { value: 'LARGE_HEADER', label: 'L' },
];

/** A HEADER: a title line; in edit mode a click edits its text, size and background. */
export function HeaderView({ component }: { component: LayoutComponent }) {
  const dispatch = useLayoutDispatch();
  const { editMode } = useGridSettings();
  const { token } = theme.useToken();
  const [draft, setDraft] = useState<string | null>(null);
  const size = component.meta.headerSize ?? 'SMALL_HEADER';
  const text = component.meta.text ?? '';
  const white = component.meta.background === 'BACKGROUND_WHITE';
  const commit = () => {
    if (draft !== null && draft.trim() !== text) dispatch(tryLayoutEdit(layoutEdits.meta(component.id, { text: draft.trim() || NEW_HEADER_TEXT })));
    setDraft(null);
  };
  return (
    <EditChrome id={component.id} editMode={editMode}>
      <div
        id={component.id}
        data-test="dashboard-component-header"
        style={{ fontSize: FONT_SIZE[size] ?? 16, fontWeight: 600, padding: '8px 12px', background: white ? token.colorBgContainer : undefined }}
      >
        {editMode && draft !== null ? (
          <Input
            autoFocus
            aria-label="Header text"
            data-test="dashboard-header-text-input"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onBlur={commit}
            onPressEnter={commit}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setDraft(null);
            }}
            style={{ fontSize: 'inherit', fontWeight: 'inherit' }}
          />
        ) : (
          <span role={editMode ? 'button' : undefined} onClick={editMode ? () => setDraft(text) : undefined} style={{ cursor: editMode ? 'text' : undefined }}>
            {text}
          </span>
        )}
        {editMode ? (
          <span style={{ marginLeft: 12, display: 'inline-flex', gap: 8, alignItems: 'center', fontSize: 12, fontWeight: 400 }}>
            <Segmented
              size="small"
              aria-label="Header size"
              value={size}
              options={SIZE_OPTIONS}
              onChange={(value) => dispatch(tryLayoutEdit(layoutEdits.meta(component.id, { headerSize: value })))}
            />
            <Switch
              size="small"
              aria-label="White background"
              checked={white}
              onChange={(on) => dispatch(tryLayoutEdit(layoutEdits.meta(component.id, { background: on ? 'BACKGROUND_WHITE' : 'BACKGROUND_TRANSPARENT' })))}
            />
          </span>
        ) : null}
      </div>
    </EditChrome>
  );
}
