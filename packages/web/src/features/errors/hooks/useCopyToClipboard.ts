import { useCallback } from 'react';
import { useToasts } from '../../toasts';

export const COPY_SUCCESS = 'Copied to clipboard!';
export const COPY_UNSUPPORTED = 'Sorry, your browser does not support copying. Use Ctrl / Cmd + C!';

function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** Copies a text and reports the outcome with a toast. */
export function useCopyToClipboard(): (text: string) => Promise<void> {
  const { addSuccessToast, addDangerToast } = useToasts();
  return useCallback(
    async (text: string) => {
      let copied: boolean;
      try {
        if (navigator.clipboard?.writeText) {
          await navigator.clipboard.writeText(text);
          copied = true;
        } else {
          copied = copyWithSelection(text);
        }
      } catch {
        copied = copyWithSelection(text);
      }
      if (copied) addSuccessToast(COPY_SUCCESS);
      else addDangerToast(COPY_UNSUPPORTED);
    },
    [addSuccessToast, addDangerToast],
  );
}
