import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ListTableState } from './ListTable';

interface AddressListState<F> {
  filters: F;
  table: ListTableState;
}

/**
 * A list page's state kept in the address (a reload or a shared link keeps it): `update` replaces the entry rather
 * than pushing one per keystroke; changing filters goes back to the first page but keeps the sort (and sorting
 * keeps the filters).
 */
export function useAddressListState<F, S extends AddressListState<F>>(parse: (params: URLSearchParams) => S, write: (state: S) => URLSearchParams) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parse(params), [parse, params]);
  const update = useCallback((patch: Partial<S>) => setParams(write({ ...state, ...patch }), { replace: true }), [setParams, write, state]);
  const onFiltersChange = (filters: F) => update({ filters, table: { ...state.table, page: 0 } } as Partial<S>);
  const onTableChange = (table: ListTableState) => update({ table } as Partial<S>);
  return { state, update, onFiltersChange, onTableChange };
}
