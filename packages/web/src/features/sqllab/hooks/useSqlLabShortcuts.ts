import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { handleShortcut } from '../actions/registry';
import { selectActiveEditorId, type SqlLabRootState } from '../state/selectors';
import { useSqlLabDispatch } from './useSqlLabStore';

/** Keyboard shortcuts of the actions registry, caught before CodeMirror sees them. */
export function useSqlLabShortcuts(): void {
  const dispatch = useSqlLabDispatch();
  const store = useStore<SqlLabRootState>();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      handleShortcut(event, { dispatch, editorId: selectActiveEditorId(store.getState()) });
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [dispatch, store]);
}
