import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element came within one viewport height of the screen while `active`, and true from then on
 * (Superset's DASHBOARD_VIRTUALIZATION_DEFER_DATA: charts far down do not query until the user gets near).
 * Without IntersectionObserver everything counts as seen.
 */
export function useSeenOnce(ref: RefObject<HTMLElement | null>, active: boolean): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (seen || !active) return undefined;
    const element = ref.current;
    if (typeof IntersectionObserver === 'undefined' || !element) {
      setSeen(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, active, seen]);
  return seen;
}
