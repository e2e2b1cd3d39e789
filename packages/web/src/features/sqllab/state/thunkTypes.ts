import type { ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { SqlLabRootState } from './selectors';

export type SqlLabDispatch = ThunkDispatch<SqlLabRootState, unknown, UnknownAction>;
export type SqlLabThunk<R = void> = ThunkAction<R, SqlLabRootState, unknown, UnknownAction>;

/** Status of an RTK Query failure, when it has one. */
export function errorStatus(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number'
    ? (error as { status: number }).status
    : undefined;
}
