import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { redo, undo } from '../state/dashboardLayoutSlice';

function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Ctrl/Cmd+Z undoes and Ctrl/Cmd+Shift+Z redoes layout edits in edit mode (text fields keep their own undo). */
export function useUndoRedoKeys(enabled: boolean): void {
  const dispatch = useDispatch();
  useEffect(() => {
    if (!enabled) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'z' || isTextField(event.target)) return;
      event.preventDefault();
      dispatch(event.shiftKey ? redo() : undo());
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled, dispatch]);
}
