import { DASHBOARD_MESSAGES } from '@tessera/core';
import { getErrorSaveMessage, UNKNOWN_SAVE_ERROR } from '../../errors';

/** 'Sorry, there was an error saving this dashboard: %s' (a 403 says 'You do not have permission to edit this dashboard'). */
export function saveErrorMessage(error: unknown): string {
  const text = getErrorSaveMessage('dashboard', error);
  return text === UNKNOWN_SAVE_ERROR ? DASHBOARD_MESSAGES.unknownError : text;
}
