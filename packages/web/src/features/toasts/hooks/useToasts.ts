import { useMemo } from 'react';
import { useDispatch } from 'react-redux';
import { addToast, type ToastOptions } from '../state/messageToastsSlice';

export interface ToastActions {
  addInfoToast: (text: string, options?: ToastOptions) => void;
  addSuccessToast: (text: string, options?: ToastOptions) => void;
  addWarningToast: (text: string, options?: ToastOptions) => void;
  addDangerToast: (text: string, options?: ToastOptions) => void;
}

/** The four toast actions, bound to the store. */
export function useToasts(): ToastActions {
  const dispatch = useDispatch();
  return useMemo(
    () => ({
      addInfoToast: (text, options) => dispatch(addToast('INFO_TOAST', text, options)),
      addSuccessToast: (text, options) => dispatch(addToast('SUCCESS_TOAST', text, options)),
      addWarningToast: (text, options) => dispatch(addToast('WARNING_TOAST', text, options)),
      addDangerToast: (text, options) => dispatch(addToast('DANGER_TOAST', text, options)),
    }),
    [dispatch],
  );
}
