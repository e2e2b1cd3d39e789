import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { Alert } from 'antd';
import type { Toast, ToastType } from '@tessera/core';
import { removeToast } from '../state/messageToastsSlice';

const ALERT_TYPE: Record<ToastType, 'info' | 'success' | 'warning' | 'error'> = {
  INFO_TOAST: 'info',
  SUCCESS_TOAST: 'success',
  WARNING_TOAST: 'warning',
  DANGER_TOAST: 'error',
};

/** One toast: hides itself after its duration, or when dismissed. */
export function ToastItem({ toast }: { toast: Toast }) {
  const dispatch = useDispatch();
  const { id, duration } = toast;

  useEffect(() => {
    if (duration <= 0) return undefined;
    const timer = setTimeout(() => dispatch(removeToast(id)), duration);
    return () => clearTimeout(timer);
  }, [dispatch, id, duration]);

  return (
    <div data-test="toast" data-toast-type={toast.toastType} role={toast.toastType === 'DANGER_TOAST' ? 'alert' : 'status'}>
      <Alert
        type={ALERT_TYPE[toast.toastType]}
        showIcon
        title={toast.text}
        closable={{ onClose: () => dispatch(removeToast(id)), 'aria-label': 'Close' }}
        style={{ boxShadow: '0 6px 16px rgba(0, 0, 0, 0.12)' }}
      />
    </div>
  );
}
