import type { ReactNode } from 'react';
import { Flex, Segmented, Select } from 'antd';
import { AppstoreOutlined, UnorderedListOutlined } from './icons';
import type { ListTableState } from './ListTable';
import type { ListViewMode } from './listAddress';

interface ListViewControlsProps {
  /** Names the data-test ids: `<prefix>-list-toolbar`, `-view-controls`, `-card-sort`, `-view-toggle`. */
  prefix: string;
  /** The list's filter bar. */
  filters: ReactNode;
  view: ListViewMode;
  onViewChange: (view: ListViewMode) => void;
  /** The sorts offered in card view (`<column>:<direction>`; the table sorts by its headers). */
  cardSorts: readonly { value: string; label: string }[];
  table: ListTableState;
  onTableChange: (table: ListTableState) => void;
}

/** The list pages' toolbar: the filters, and at the top right the card sort and the list / card toggle. */
export function ListViewControls({ prefix, filters, view, onViewChange, cardSorts, table, onTableChange }: ListViewControlsProps) {
  return (
    // The filters wrap inside their own column, so the sort and view toggle stay at the top right in both views.
    <Flex justify="space-between" align="start" gap={12} data-test={`${prefix}-list-toolbar`}>
      <div style={{ flex: 1, minWidth: 0 }}>{filters}</div>
      <Flex gap={8} align="center" style={{ flex: 'none' }} data-test={`${prefix}-view-controls`}>
        {view === 'card' ? (
          <Select
            aria-label="Sort"
            data-test={`${prefix}-card-sort`}
            style={{ minWidth: 200 }}
            value={`${table.sortColumn}:${table.sortDirection}`}
            onChange={(value: string) => {
              const [sortColumn, sortDirection] = value.split(':') as [string, 'asc' | 'desc'];
              onTableChange({ ...table, page: 0, sortColumn, sortDirection });
            }}
            options={[...cardSorts]}
          />
        ) : null}
        <Segmented<ListViewMode>
          aria-label="View mode"
          data-test={`${prefix}-view-toggle`}
          value={view}
          onChange={onViewChange}
          options={[
            { value: 'card', icon: <AppstoreOutlined />, title: 'Card view' },
            { value: 'list', icon: <UnorderedListOutlined />, title: 'List view' },
          ]}
        />
      </Flex>
    </Flex>
  );
}
