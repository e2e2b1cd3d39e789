/** States offered by the history's state filter. */
export const QUERY_STATUS_OPTIONS = [
  { value: 'success', label: 'Success' },
  { value: 'failed', label: 'Failed' },
  { value: 'running', label: 'Running' },
  { value: 'stopped', label: 'Stopped' },
  { value: 'timed_out', label: 'Timed out' },
] as const;

export interface QueryStatusLook {
  label: string;
  /** antd Tag color. */
  color: string;
}

const LOOKS: Record<string, QueryStatusLook> = {
  success: { label: 'Success', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
  running: { label: 'Running', color: 'processing' },
  started: { label: 'Started', color: 'processing' },
  fetching: { label: 'Fetching', color: 'processing' },
  pending: { label: 'Pending', color: 'default' },
  scheduled: { label: 'Scheduled', color: 'default' },
  stopped: { label: 'Stopped', color: 'warning' },
  timed_out: { label: 'Timed out', color: 'warning' },
};

/** Label and color of a query state; unknown states are shown as sent. */
export function queryStatusLook(status: string): QueryStatusLook {
  return LOOKS[status] ?? { label: status, color: 'default' };
}
