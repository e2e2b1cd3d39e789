import { combineSlices, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { baseApi } from '../api/baseApi';
import { sessionExpired } from '../api/sessionExpired';
import { messageToastsSlice } from '../features/toasts';
import { themeSlice } from '../features/theme';
import { sqlLabSlice } from '../features/sqllab/state/sqlLabSlice';

/** Page features add their slices with `rootReducer.inject(slice)` when their route loads (the dashboard does). */
export const rootReducer = combineSlices(baseApi, messageToastsSlice, themeSlice, sqlLabSlice);

export type RootState = ReturnType<typeof rootReducer>;

/** A new store (one per app, one per test). */
export function createAppStore(preloadedState?: Partial<RootState>) {
  const listener = createListenerMiddleware();
  // A 401 from any API call means the session ended: refetch /me/, whose 401 sends the user to /login/.
  listener.startListening({
    actionCreator: sessionExpired,
    effect: (_action, api) => {
      api.dispatch(baseApi.util.invalidateTags(['Me']));
    },
  });

  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(listener.middleware).concat(baseApi.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
