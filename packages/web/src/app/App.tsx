import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppErrorBoundary } from './AppErrorBoundary';
import { AppProviders } from './AppProviders';
import { appRoutes } from './routeObjects';
import { startRoutePreload } from './routePreload';
import { createAppStore } from './store';

/** The whole app: store, theme, router. */
export function App() {
  const [store] = useState(() => {
    const created = createAppStore();
    startRoutePreload(created.dispatch, window.location);
    return created;
  });
  const [router] = useState(() => createBrowserRouter(appRoutes));
  return (
    <AppErrorBoundary>
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>
    </AppErrorBoundary>
  );
}
