import { createAction } from '@reduxjs/toolkit';

/** Dispatched by the base query when an API call answers 401: the session ended. */
export const sessionExpired = createAction('auth/sessionExpired');
