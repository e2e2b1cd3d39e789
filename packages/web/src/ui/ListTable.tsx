import type { HTMLAttributes, Key, ReactNode } from 'react';
import { Table } from 'antd';
import type { ColumnsType, TableProps } from 'antd/es/table';
import type { SorterResult, SortOrder } from 'antd/es/table/interface';

export type SortDirection = 'asc' | 'desc';

/** Server-side paging and sorting of a FAB list. `page` is 0-based like FAB's. */
export interface ListTableState {
  page: number;
  pageSize: number;
  sortColumn?: string;
  sortDirection?: SortDirection;
}

export interface ListTableProps<T> {
  /** Sortable columns need `key` = the server's order column and `sorter: true`. */
  columns: ColumnsType<T>;
  rows: readonly T[];
  total: number;
  loading?: boolean;
  state: ListTableState;
  onChange: (state: ListTableState) => void;
  rowKey: keyof T & string;
  emptyText?: ReactNode;
  dataTest?: string;
  /** `data-test` of every body row. */
  rowDataTest?: string;
  /** Checkbox selection (bulk actions). */
  rowSelection?: TableProps<T>['rowSelection'];
}

const toAnt = (direction?: SortDirection): SortOrder => (direction === 'asc' ? 'ascend' : direction === 'desc' ? 'descend' : null);

/** antd Table driven by a FAB list: paging, sorting and total from the server. */
export function ListTable<T extends object>({
  columns,
  rows,
  total,
  loading = false,
  state,
  onChange,
  rowKey,
  emptyText,
  dataTest,
  rowDataTest,
  rowSelection,
}: ListTableProps<T>) {
  const controlledColumns = columns.map((column) =>
    column.sorter && column.key !== undefined
      ? { ...column, sortOrder: column.key === state.sortColumn ? toAnt(state.sortDirection) : null }
      : column,
  );

  const handleChange: TableProps<T>['onChange'] = (pagination, _filters, sorter) => {
    const single = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined;
    const order = single?.order;
    const columnKey: Key | undefined = single?.columnKey;
    const pageSize = pagination.pageSize ?? state.pageSize;
    onChange({
      page: pageSize !== state.pageSize ? 0 : Math.max((pagination.current ?? 1) - 1, 0),
      pageSize,
      ...(order && columnKey !== undefined
        ? { sortColumn: String(columnKey), sortDirection: order === 'ascend' ? 'asc' : 'desc' }
        : {}),
    });
  };

  return (
    <div data-test={dataTest}>
      <Table<T>
      columns={controlledColumns}
      dataSource={rows as T[]}
      rowKey={rowKey}
      rowSelection={rowSelection}
      onRow={rowDataTest ? () => ({ 'data-test': rowDataTest }) as HTMLAttributes<HTMLElement> : undefined}
      loading={loading}
      onChange={handleChange}
      locale={emptyText ? { emptyText } : undefined}
      scroll={{ x: 'max-content' }}
      pagination={{
        current: state.page + 1,
        pageSize: state.pageSize,
        total,
        showSizeChanger: true,
        pageSizeOptions: [10, 25, 50, 100],
        showTotal: (count, [from, to]) => `${from}-${to} of ${count}`,
      }}
      />
    </div>
  );
}
