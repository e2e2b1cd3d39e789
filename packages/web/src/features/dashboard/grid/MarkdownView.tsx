import { useEffect, useMemo, useRef, useState } from 'react';
import { Input, Segmented, theme } from 'antd';
import { GRID_DEFAULT_MARKDOWN_HEIGHT, type LayoutComponent } from '@tessera/core';
import { EditChrome } from '../builder/EditChrome';
import { layoutEdits, tryLayoutEdit, useLayoutDispatch } from '../state/dashboardLayoutSlice';
import { useGridSettings } from './GridContext';
import { useResizableSize } from './useResizableSize';
import { markdownToHtml } from './markdownToHtml';

/**
 * A MARKDOWN component: sanitised HTML of its markdown. In edit mode a click opens an editor with an Edit/Preview
 * toggle; the text is recorded (one undo step) when the editor closes.
 */
export function MarkdownView({ component, columnWidth }: { component: LayoutComponent; columnWidth?: number }) {
  const dispatch = useLayoutDispatch();
  const { editMode, escapeMarkdownHtml } = useGridSettings();
  const { token } = theme.useToken();
  const { width, height, handles } = useResizableSize(component, GRID_DEFAULT_MARKDOWN_HEIGHT, columnWidth);
  const [openEditor, setEditing] = useState<{ code: string; mode: 'edit' | 'preview' } | null>(null);
  // Leaving edit mode closes the editor.
  const editing = editMode ? openEditor : null;
  const ref = useRef<HTMLDivElement>(null);
  const code = typeof component.meta.code === 'string' ? component.meta.code : '';
  const shown = editing ? editing.code : code;
  const html = useMemo(() => markdownToHtml(shown, escapeMarkdownHtml), [shown, escapeMarkdownHtml]);

  // Clicking elsewhere closes the editor and keeps the text.
  useEffect(() => {
    if (!editing) return undefined;
    const close = (event: MouseEvent) => {
      if (ref.current?.contains(event.target as Node)) return;
      if (editing.code !== code) dispatch(tryLayoutEdit(layoutEdits.meta(component.id, { code: editing.code })));
      setEditing(null);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [editing, code, component.id, dispatch]);

  return (
    <EditChrome id={component.id} editMode={editMode}>
      <div
        ref={ref}
        id={component.id}
        data-test="dashboard-component-markdown"
        style={{
          width,
          height,
          position: 'relative',
          background: token.colorBgContainer,
          padding: 12,
          overflow: 'auto',
        }}
        onClick={editMode && !editing ? () => setEditing({ code, mode: 'edit' }) : undefined}
      >
        {editing ? (
          <Segmented<'edit' | 'preview'>
            size="small"
            value={editing.mode}
            options={[
              { value: 'edit', label: 'Edit' },
              { value: 'preview', label: 'Preview' },
            ]}
            onChange={(mode) => setEditing({ ...editing, mode })}
            style={{ marginBottom: 8 }}
          />
        ) : null}
        {editing?.mode === 'edit' ? (
          <Input.TextArea
            autoFocus
            aria-label="Markdown"
            data-test="dashboard-markdown-editor"
            value={editing.code}
            onChange={(event) => setEditing({ ...editing, code: event.target.value })}
            style={{ height: 'calc(100% - 40px)', fontFamily: token.fontFamilyCode, resize: 'none' }}
          />
        ) : (
          <div className="dashboard-markdown" data-test="dashboard-markdown-content" dangerouslySetInnerHTML={{ __html: html }} />
        )}
        {handles}
      </div>
    </EditChrome>
  );
}
