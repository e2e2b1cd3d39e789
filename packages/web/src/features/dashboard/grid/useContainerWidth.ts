import { useLayoutEffect, useState, type RefObject } from 'react';

/** The element's content width in px, following its resizes (or `fixed` when given). */
export function useContainerWidth(ref: RefObject<HTMLElement | null>, fixed?: number): number {
  const [measured, setMeasured] = useState(0);
  const measure = fixed === undefined;
  useLayoutEffect(() => {
    const element = ref.current;
    if (!measure || !element) return undefined;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) setMeasured(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, measure]);
  return fixed ?? measured;
}
