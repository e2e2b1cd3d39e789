/** Toast types and durations (spec §9: info 4000, success 4000, warning 6000, danger 8000 ms). */
export const TOAST_TYPES = ['INFO_TOAST', 'SUCCESS_TOAST', 'WARNING_TOAST', 'DANGER_TOAST'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

export const TOAST_DURATION_MS: Readonly<Record<ToastType, number>> = {
  INFO_TOAST: 4000,
  SUCCESS_TOAST: 4000,
  WARNING_TOAST: 6000,
  DANGER_TOAST: 8000,
};

export interface Toast {
  id: string;
  toastType: ToastType;
  text: string;
  duration: number;
  noDuplicate: boolean;
}
