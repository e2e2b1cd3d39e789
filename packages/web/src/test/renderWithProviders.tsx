import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { createAppStore, type AppStore } from '../app/store';

export interface RenderOptions {
  /** Initial address of the MemoryRouter. */
  route?: string;
  store?: AppStore;
}

/** Renders with a real store, the antd theme and a MemoryRouter. */
export function renderWithProviders(ui: ReactElement, { route = '/', store = createAppStore() }: RenderOptions = {}) {
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
    </AppProviders>
  );
  return Object.assign(render(ui, { wrapper: Wrapper }), { store });
}
