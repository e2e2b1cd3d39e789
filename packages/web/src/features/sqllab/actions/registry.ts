import { addNewTab } from '../state/tabThunks';
import { formatEditorSql, runEditorQuery, stopEditorQuery } from '../state/editorThunks';
import type { SqlLabDispatch } from '../state/thunkTypes';

export interface ActionContext {
  dispatch: SqlLabDispatch;
  editorId: string | null;
}

/** An editor command: one registry feeds the keyboard handler, the buttons and the shortcuts help. */
export interface SqlLabAction {
  name: 'runQuery' | 'newTab' | 'formatSql' | 'stopQuery';
  label: string;
  /** Shortcuts as shown in the help. */
  shortcuts: string[];
  keyTest(event: KeyboardEvent): boolean;
  perform(ctx: ActionContext): void;
}

const mod = (e: KeyboardEvent) => e.ctrlKey || e.metaKey;
const key = (e: KeyboardEvent, k: string) => e.key.toLowerCase() === k || e.code === `Key${k.toUpperCase()}`;

export const SQLLAB_ACTIONS: readonly SqlLabAction[] = [
  {
    name: 'runQuery',
    label: 'Run query (the selection when text is selected)',
    shortcuts: ['Ctrl + Enter', 'Cmd + Enter', 'Ctrl + Shift + Enter'],
    keyTest: (e) => mod(e) && e.key === 'Enter',
    perform: ({ dispatch, editorId }) => {
      if (editorId) void dispatch(runEditorQuery(editorId));
    },
  },
  {
    name: 'newTab',
    label: 'New tab',
    shortcuts: ['Ctrl + T', 'Ctrl + Q'],
    keyTest: (e) => e.ctrlKey && !e.shiftKey && !e.altKey && (key(e, 't') || key(e, 'q')),
    perform: ({ dispatch }) => {
      void dispatch(addNewTab());
    },
  },
  {
    name: 'formatSql',
    label: 'Format SQL',
    shortcuts: ['Ctrl + Shift + F'],
    keyTest: (e) => e.ctrlKey && e.shiftKey && key(e, 'f'),
    perform: ({ dispatch, editorId }) => {
      if (editorId) void dispatch(formatEditorSql(editorId));
    },
  },
  {
    name: 'stopQuery',
    label: 'Stop query',
    shortcuts: ['Ctrl + E'],
    keyTest: (e) => e.ctrlKey && !e.shiftKey && key(e, 'e'),
    perform: ({ dispatch, editorId }) => {
      if (editorId) void dispatch(stopEditorQuery(editorId));
    },
  },
];

/** Runs the first action whose shortcut matches; true when one did. */
export function handleShortcut(event: KeyboardEvent, ctx: ActionContext): boolean {
  const action = SQLLAB_ACTIONS.find((a) => a.keyTest(event));
  if (!action) return false;
  event.preventDefault();
  event.stopPropagation();
  action.perform(ctx);
  return true;
}
