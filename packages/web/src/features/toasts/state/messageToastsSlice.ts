import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { TOAST_DURATION_MS, type Toast, type ToastType } from '@tessera/core';

export interface ToastOptions {
  /** Suppress this toast when one with the same text is already shown. */
  noDuplicate?: boolean;
  /** Override the type's default duration (ms). */
  duration?: number;
}

export type MessageToastsState = Toast[];

const randomSuffix = () => Math.random().toString(36).slice(2, 12).padEnd(10, '0');

/** Toast ids are `"<TYPE>-<random>"`, as Superset's. */
export function createToastId(toastType: ToastType): string {
  return `${toastType}-${randomSuffix()}`;
}

export function createToast(toastType: ToastType, text: string, options: ToastOptions = {}): Toast {
  return {
    id: createToastId(toastType),
    toastType,
    text,
    duration: options.duration ?? TOAST_DURATION_MS[toastType],
    noDuplicate: options.noDuplicate ?? false,
  };
}

const initialState: MessageToastsState = [];

export const messageToastsSlice = createSlice({
  name: 'messageToasts',
  initialState,
  reducers: {
    addToast: {
      reducer(state, action: PayloadAction<Toast>) {
        const toast = action.payload;
        if (toast.noDuplicate && state.some((shown) => shown.text === toast.text)) return;
        state.push(toast);
      },
      prepare: (toastType: ToastType, text: string, options?: ToastOptions) => ({
        payload: createToast(toastType, text, options),
      }),
    },
    removeToast(state, action: PayloadAction<string>) {
      return state.filter((toast) => toast.id !== action.payload);
    },
    clearToasts: () => initialState,
  },
  selectors: {
    selectToasts: (state) => state,
  },
});

export const { addToast, removeToast, clearToasts } = messageToastsSlice.actions;
export const { selectToasts } = messageToastsSlice.selectors;
