import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetCsrfToken } from '../api/csrfToken';

// Under a loaded CI machine (two cores, every workspace testing at once) a first render of
// the lazy-loaded shell can take several seconds; findBy* would give up after its default 1 s.
configure({ asyncUtilTimeout: 10_000 });

// antd reads these browser APIs, which jsdom lacks.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// jsdom does not implement pseudo-element styles; antd asks for scrollbar sizes through them.
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);

if (!HTMLElement.prototype.scrollTo) HTMLElement.prototype.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  resetCsrfToken();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
