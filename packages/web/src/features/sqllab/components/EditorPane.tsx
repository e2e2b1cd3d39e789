import { useCallback } from 'react';
import CodeMirror, { type ViewUpdate } from '@uiw/react-codemirror';
import type { EditorView } from '@codemirror/view';
import { useSqlCompletions } from '../hooks/useSqlCompletions';
import { useSqlLabDispatch } from '../hooks/useSqlLabStore';
import { updateQueryEditor, type QueryEditorChanges } from '../state/sqlLabSlice';
import type { QueryEditor } from '../state/types';

interface EditorPaneProps {
  editor: QueryEditor;
  height: string;
}

/** The CodeMirror SQL editor of a tab: text, selection and cursor go to the store. */
export function EditorPane({ editor, height }: EditorPaneProps) {
  const dispatch = useSqlLabDispatch();
  const extensions = useSqlCompletions(editor.id, editor.dbId, editor.schema);
  const { id, cursorPosition } = editor;

  const onUpdate = useCallback(
    (update: ViewUpdate) => {
      if (!update.docChanged && !update.selectionSet) return;
      const changes: QueryEditorChanges = {};
      if (update.docChanged) changes.sql = update.state.doc.toString();
      const main = update.state.selection.main;
      changes.cursorPosition = { anchor: main.anchor, head: main.head };
      const selected = main.empty ? null : update.state.sliceDoc(main.from, main.to);
      changes.selectedText = selected;
      dispatch(updateQueryEditor(id, changes));
    },
    [dispatch, id],
  );

  const onCreateEditor = useCallback(
    (view: EditorView) => {
      if (!cursorPosition) return;
      const length = view.state.doc.length;
      const clamp = (n: number) => Math.max(0, Math.min(n, length));
      view.dispatch({ selection: { anchor: clamp(cursorPosition.anchor), head: clamp(cursorPosition.head) }, scrollIntoView: true });
    },
    // Only on mount: the position is restored when a tab is shown again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  return (
    <div data-test="sql-editor" style={{ height, overflow: 'hidden', border: '1px solid rgba(128,128,128,0.3)' }}>
      <CodeMirror
        value={editor.sql}
        height={height}
        extensions={extensions}
        onUpdate={onUpdate}
        onCreateEditor={onCreateEditor}
        basicSetup={{ autocompletion: false, foldGutter: false }}
        aria-label="SQL editor"
      />
    </div>
  );
}
