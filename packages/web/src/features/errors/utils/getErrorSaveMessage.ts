import { CLIENT_ERROR_MESSAGES } from '@tessera/core';
import { getClientErrorObject } from './getClientErrorObject';

export const UNKNOWN_SAVE_ERROR = 'Sorry, an unknown error occurred.';

/**
 * Toast text for a failed save of a `kind` ('dashboard', 'chart', 'database', ...):
 * 'Sorry, there was an error saving this %s: %s', else 'Sorry, an unknown error occurred.'
 */
export function getErrorSaveMessage(kind: string, err: unknown): string {
  if (err === undefined || err === null) return UNKNOWN_SAVE_ERROR;
  const normalised = getClientErrorObject(err);
  const forbidden = normalised.status === 403 || normalised.message === 'Forbidden' || normalised.error === 'Forbidden';
  const text = forbidden ? `You do not have permission to edit this ${kind}` : normalised.error;
  if (!text || text === CLIENT_ERROR_MESSAGES.generic) return UNKNOWN_SAVE_ERROR;
  return `Sorry, there was an error saving this ${kind}: ${text}`;
}
