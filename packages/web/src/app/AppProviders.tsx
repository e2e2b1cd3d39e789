import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ThemeProvider } from '../features/theme';
import type { AppStore } from './store';

/** Redux store and antd theme for everything below. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider>{children}</ThemeProvider>
    </Provider>
  );
}
