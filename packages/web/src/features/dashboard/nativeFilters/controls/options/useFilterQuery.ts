import { useEffect, useState } from 'react';
import type { QueryContextInput } from '@tessera/core';
import { ChartDataError } from '../../../../../api/chartDataApi';
import { runFilterQuery } from './runFilterQuery';

export interface FilterQueryState {
  /** The last answer's rows (kept while a newer query runs, so the list does not blink). */
  rows: Record<string, unknown>[] | null;
  loading: boolean;
  error: string | null;
}

interface Answer {
  key: string;
  rows: Record<string, unknown>[] | null;
  error: string | null;
}

/**
 * The rows of a filter query, run again whenever the query changes (a new search text, a parent's new value);
 * the previous request is aborted, so a filter holds at most one request at a time. `null` runs nothing.
 */
export function useFilterQuery(queryContext: QueryContextInput | null): FilterQueryState {
  const key = queryContext ? JSON.stringify(queryContext) : null;
  const [answer, setAnswer] = useState<Answer | null>(null);
  useEffect(() => {
    if (key === null) return undefined;
    const controller = new AbortController();
    runFilterQuery(JSON.parse(key) as QueryContextInput, controller.signal).then(
      (rows) => {
        if (!controller.signal.aborted) setAnswer({ key, rows, error: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted || (error instanceof ChartDataError && error.aborted)) return;
        setAnswer({ key, rows: null, error: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [key]);
  if (key === null) return { rows: null, loading: false, error: null };
  const current = answer?.key === key;
  return { rows: answer?.rows ?? null, loading: !current, error: current ? answer.error : null };
}
