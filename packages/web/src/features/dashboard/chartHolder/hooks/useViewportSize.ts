import { useEffect, useState } from 'react';

const current = () => ({ width: window.innerWidth, height: window.innerHeight });

/** The window's inner size while `active` (a full-screen chart follows it). */
export function useViewportSize(active: boolean) {
  const [size, setSize] = useState(current);
  useEffect(() => {
    if (!active) return undefined;
    const onResize = () => setSize(current());
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [active]);
  return size;
}
