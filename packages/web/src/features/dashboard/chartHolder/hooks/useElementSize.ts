import { useEffect, useRef, useState } from 'react';

/**
 * The size of an element, kept current with a ResizeObserver; `fallback` until it is measured (and in jsdom,
 * which lays nothing out). `watch` re-attaches the observer when the element it points at is swapped.
 */
export function useElementSize<T extends HTMLElement>(fallback: { width: number; height: number }, watch?: unknown) {
  const ref = useRef<T | null>(null);
  const [size, setSize] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const measure = () => {
      const box = element.getBoundingClientRect();
      // A hidden element (display: none) measures 0 x 0: keep what it had.
      if (box.width === 0 && box.height === 0) return;
      setSize((prior) => (prior.width === Math.floor(box.width) && prior.height === Math.ceil(box.height) ? prior : { width: Math.floor(box.width), height: Math.ceil(box.height) }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [watch]);
  return [ref, size] as const;
}
