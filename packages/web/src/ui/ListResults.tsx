import type { Key, ReactNode } from 'react';
import { BulkSelectBar } from './BulkSelectBar';
import { ListTable, type ListTableProps, type ListTableState } from './ListTable';

/** What a card view draws with: the page of rows, paging, and the selection in bulk select mode. */
export interface ListCardsProps<T> {
  rows: readonly T[];
  total: number;
  loading: boolean;
  state: ListTableState;
  onChange: (state: ListTableState) => void;
  selection?: { selected: Key[]; onChange: (keys: Key[]) => void };
}

export interface ListBulkSelection {
  /** Bulk select mode is on. */
  active: boolean;
  selected: Key[];
  setSelected: (keys: Key[]) => void;
  /** Without it there is no delete button. */
  onDelete?: (() => void) | undefined;
  /** Without it there is no export button. */
  onExport?: (() => void) | undefined;
}

export interface ListResultsProps<T extends object> extends Pick<ListTableProps<T>, 'columns' | 'rowKey' | 'dataTest' | 'rowDataTest'> {
  view: 'card' | 'list';
  /** The failure to show instead of the rows (the caller draws it), or null. */
  error: ReactNode;
  rows: readonly T[];
  total: number;
  loading: boolean;
  state: ListTableState;
  onChange: (state: ListTableState) => void;
  /** What shows when there are no rows (no rows at all, or none matching the filters). */
  empty: ReactNode;
  bulk: ListBulkSelection;
  /** The card view; without it the list is a table in every view. */
  renderCards?: (props: ListCardsProps<T>) => ReactNode;
}

/**
 * The body of a list page (charts, dashboards, datasets): the bulk-select strip, then the failure, the cards or the
 * table of the current page, with the page's empty state.
 */
export function ListResults<T extends object>({ view, error, rows, total, loading, state, onChange, empty, bulk, renderCards, ...table }: ListResultsProps<T>) {
  const bar = bulk.active ? (
    <BulkSelectBar count={bulk.selected.length} onDeselectAll={() => bulk.setSelected([])} onDelete={bulk.onDelete} onExport={bulk.onExport} />
  ) : null;
  if (error) {
    return (
      <>
        {bar}
        {error}
      </>
    );
  }
  if (view === 'card' && renderCards) {
    const selection = bulk.active ? { selection: { selected: bulk.selected, onChange: bulk.setSelected } } : {};
    return (
      <>
        {bar}
        {rows.length === 0 && !loading
          ? empty
          : renderCards({
              rows,
              total,
              loading,
              state,
              onChange,
              ...selection,
            })}
      </>
    );
  }
  return (
    <>
      {bar}
      <ListTable<T>
        {...table}
        rows={rows}
        total={total}
        loading={loading}
        state={state}
        onChange={onChange}
        {...(bulk.active
          ? {
              rowSelection: {
                selectedRowKeys: bulk.selected,
                onChange: bulk.setSelected,
                preserveSelectedRowKeys: false,
              },
            }
          : {})}
        emptyText={empty}
      />
    </>
  );
}

/** The bulk selection of a list page from its bulk-select state: delete for writers, export when given. */
export function listBulk(
  state: { bulkSelect: boolean; selected: Key[]; setSelected: (keys: Key[]) => void; deleteSelected: () => void },
  canDelete: boolean,
  exportIds?: (ids: number[]) => unknown,
): ListBulkSelection {
  return {
    active: state.bulkSelect,
    selected: state.selected,
    setSelected: state.setSelected,
    onDelete: canDelete ? state.deleteSelected : undefined,
    onExport: exportIds ? () => void exportIds(state.selected.map(Number)) : undefined,
  };
}
