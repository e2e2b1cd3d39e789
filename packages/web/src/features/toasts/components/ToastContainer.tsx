import { useSelector } from 'react-redux';
import { selectToasts, type MessageToastsState } from '../state/messageToastsSlice';
import { ToastItem } from './ToastItem';

const containerStyle = {
  position: 'fixed',
  right: 24,
  bottom: 24,
  zIndex: 1100,
  display: 'flex',
  flexDirection: 'column',
  gap: 8,
  width: 'min(380px, calc(100vw - 48px))',
} as const;

/** Renders the toasts of the store, stacked at the bottom right. */
export function ToastContainer() {
  const toasts = useSelector((state: { messageToasts: MessageToastsState }) => selectToasts(state));
  if (toasts.length === 0) return null;
  return (
    <div style={containerStyle} data-test="toast-container" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
