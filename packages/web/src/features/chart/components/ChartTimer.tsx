import { useEffect, useState } from 'react';
import { formatElapsed } from '../utils/formatElapsed';

interface ChartTimerProps {
  startTime: number | null;
  endTime: number | null;
  /** Ticks while true. */
  running: boolean;
}

/** Elapsed time of the current (or last) chart update, e.g. `00:00:01.20`. */
export function ChartTimer({ startTime, endTime, running }: ChartTimerProps) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(timer);
  }, [running]);
  if (startTime === null) return null;
  const end = running ? now : (endTime ?? now);
  return (
    <span data-test="chart-timer" style={{ fontVariantNumeric: 'tabular-nums' }}>
      {formatElapsed(Math.max(0, end - startTime))}
    </span>
  );
}
