import { act, fireEvent, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../../app/store';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { useToasts } from '../hooks/useToasts';
import { ToastContainer } from './ToastContainer';

describe('ToastContainer', () => {
  it('hides each toast after its duration', () => {
    vi.useFakeTimers();
    const { store } = renderWithProviders(<ToastContainer />);
    const { result } = renderHook(() => useToasts(), {
      wrapper: ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>,
    });

    act(() => {
      result.current.addSuccessToast('Saved!');
      result.current.addDangerToast('Failed!');
    });
    expect(screen.getAllByText(/Saved!|Failed!/)).toHaveLength(2);
    expect(document.querySelectorAll('[data-test="toast"]')).toHaveLength(2);

    act(() => vi.advanceTimersByTime(4000));
    expect(screen.queryByText('Saved!')).toBeNull();
    expect(screen.getByText('Failed!')).toBeTruthy();

    act(() => vi.advanceTimersByTime(4000));
    expect(screen.queryByText('Failed!')).toBeNull();
    expect(store.getState().messageToasts).toEqual([]);
  });

  it('can be dismissed', () => {
    const store = createAppStore();
    renderWithProviders(<ToastContainer />, { store });
    const { result } = renderHook(() => useToasts(), {
      wrapper: ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>,
    });
    act(() => result.current.addWarningToast('Heads up'));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(store.getState().messageToasts).toEqual([]);
  });

  it('respects noDuplicate through the hook', () => {
    const store = createAppStore();
    const { result } = renderHook(() => useToasts(), {
      wrapper: ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>,
    });
    act(() => {
      result.current.addInfoToast('Once', { noDuplicate: true });
      result.current.addInfoToast('Once', { noDuplicate: true });
    });
    expect(store.getState().messageToasts).toHaveLength(1);
  });
});
