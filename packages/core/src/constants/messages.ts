/** User-visible texts of the error normalisation (spec charts-dashboards-reports.md §8). */
export const CLIENT_ERROR_MESSAGES = {
  sessionTimedOut: 'Your session timed out, please refresh your page and try again.',
  network: 'Network error',
  timeout: 'Request timed out',
  invalidInput: 'Invalid input',
  generic: 'An error occurred',
  unexpectedPrefix: 'Unexpected error: ',
  noDescription: '(no description, click to see stack trace)',
  unknown: 'Unknown error',
} as const;
