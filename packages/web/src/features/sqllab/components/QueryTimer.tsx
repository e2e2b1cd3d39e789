import { useEffect, useState } from 'react';
import { Tag } from 'antd';
import type { Query } from '../state/types';

/** mm:ss.ms of a duration. */
export function formatDuration(ms: number): string {
  const safe = Math.max(0, Math.floor(ms));
  const minutes = Math.floor(safe / 60000);
  const seconds = Math.floor((safe % 60000) / 1000);
  const millis = safe % 1000;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}.${String(millis).padStart(2, '0').slice(0, 2)}`;
}

const RUNNING = new Set(['running', 'started', 'pending', 'fetching', 'scheduled']);
const COLOR: Record<string, string> = { success: 'green', failed: 'red', stopped: 'orange', timed_out: 'red' };

/** Ticking elapsed time while a query runs; its total once finished. */
export function QueryTimer({ query }: { query: Query }) {
  const running = RUNNING.has(query.state);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 30);
    return () => clearInterval(timer);
  }, [running]);
  const end = running ? now : (query.endDttm ?? now);
  return (
    <Tag data-test="query-timer" color={running ? 'processing' : COLOR[query.state]} style={{ fontFamily: 'monospace' }}>
      {formatDuration(end - query.startDttm)}
    </Tag>
  );
}
