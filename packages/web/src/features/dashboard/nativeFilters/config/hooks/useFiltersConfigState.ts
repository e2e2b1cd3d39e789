import { useCallback, useEffect, useReducer, useRef } from 'react';
import { NATIVE_FILTER_REMOVAL_DELAY_MS, type NativeFilterConfig } from '@tessera/core';
import { configReducer, initialConfigState, type ConfigAction } from '../utils/configState';
import { newNativeFilterId } from '../utils/filterIds';

/** `initialFilterId` asking for a new filter. */
export const NEW_FILTER = 'new';

/**
 * The modal's working copy of the filters, with the removal delay: a deleted item offers "Restore filter" for
 * NATIVE_FILTER_REMOVAL_DELAY_MS, then leaves the list (it is deleted on save either way).
 */
export function useFiltersConfigState(configs: readonly NativeFilterConfig[], initialFilterId?: string) {
  const [state, dispatch] = useReducer(configReducer, undefined, () => {
    const stored = initialConfigState(configs, initialFilterId === NEW_FILTER ? undefined : initialFilterId);
    // "+ Add or edit filters" with no filter yet, or the bar's "add": start on a new filter (not an edit to confirm on Cancel).
    if (initialFilterId !== NEW_FILTER && configs.length > 0) return stored;
    return { ...configReducer(stored, { type: 'add', kind: 'filter', id: newNativeFilterId() }), touched: false };
  });
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const act = useCallback((action: ConfigAction) => {
    dispatch(action);
    const pending = timers.current;
    if (action.type === 'remove') {
      clearTimeout(pending.get(action.id));
      pending.set(
        action.id,
        setTimeout(() => {
          pending.delete(action.id);
          dispatch({ type: 'expire', id: action.id });
        }, NATIVE_FILTER_REMOVAL_DELAY_MS),
      );
    } else if (action.type === 'restore') {
      clearTimeout(pending.get(action.id));
      pending.delete(action.id);
    }
  }, []);

  return { state, act };
}
