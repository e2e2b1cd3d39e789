export { ToastContainer } from './components/ToastContainer';
export { useToasts, type ToastActions } from './hooks/useToasts';
export {
  messageToastsSlice,
  addToast,
  removeToast,
  clearToasts,
  selectToasts,
  createToast,
  createToastId,
  type ToastOptions,
  type MessageToastsState,
} from './state/messageToastsSlice';
