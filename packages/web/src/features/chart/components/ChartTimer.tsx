import { useEffect, useState } from 'react';
import { formatElapsed } from '../utils/formatElapsed';

interface ChartTimerProps {
  startTime: number | null;
  endTime: number | null;
  /** Ticks while true. */
  running: boolean;
}

/**
 * One ticker for every running timer: forty loading charts of a dashboard then re-render together, in one React
 * pass per tick, instead of forty passes at forty moments (which kept the main thread from drawing the answers).
 */
const ticking = new Set<(now: number) => void>();
let ticker: ReturnType<typeof setInterval> | null = null;

function onTick(listener: (now: number) => void): () => void {
  ticking.add(listener);
  ticker ??= setInterval(() => {
    const now = Date.now();
    for (const tick of ticking) tick(now);
  }, 100);
  return () => {
    ticking.delete(listener);
    if (ticking.size === 0 && ticker !== null) {
      clearInterval(ticker);
      ticker = null;
    }
  };
}

/** Elapsed time of the current (or last) chart update, e.g. `00:00:01.20`. */
export function ChartTimer({ startTime, endTime, running }: ChartTimerProps) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => (running ? onTick(setNow) : undefined), [running]);
  if (startTime === null) return null;
  const end = running ? now : (endTime ?? now);
  return (
    <span data-test="chart-timer" style={{ fontVariantNumeric: 'tabular-nums' }}>
      {formatElapsed(Math.max(0, end - startTime))}
    </span>
  );
}
