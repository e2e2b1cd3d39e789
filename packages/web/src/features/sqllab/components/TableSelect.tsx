import { useMemo, useState } from 'react';
import { Select, Typography } from 'antd';
import type { TablesResponse } from '@tessera/core';
import { PrefixIndex } from '../utils/prefixIndex';

const SHOWN = 100;

interface TableSelectProps {
  tables: TablesResponse | undefined;
  loading: boolean;
  disabled: boolean;
  onSelect: (name: string) => void;
}

/** Table search over a prefix index: at most 100 options per keystroke, with a "more" hint. */
export function TableSelect({ tables, loading, disabled, onSelect }: TableSelectProps) {
  const [search, setSearch] = useState('');
  const index = useMemo(() => new PrefixIndex((tables?.result ?? []).map((t) => ({ label: t.value, type: t.type }))), [tables]);
  const matches = index.search(search, SHOWN);
  const total = search ? index.count(search) : Math.max(index.size, tables?.count ?? 0);
  return (
    <div>
      <Select
        data-test="table-selector"
        aria-label="Select table"
        showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
        placeholder="Select table or type to search tables"
        style={{ width: '100%' }}
        value={null}
        loading={loading}
        disabled={disabled}
        onChange={(value: string) => {
          onSelect(value);
          setSearch('');
        }}
        options={matches.map((m) => ({ value: m.label, label: `${m.label}${m.type === 'view' ? ' (view)' : ''}` }))}
        notFoundContent={loading ? 'Loading…' : 'No tables'}
      />
      {total > matches.length ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-test="tables-more">
          Showing {matches.length} of {total.toLocaleString()}: type to narrow
        </Typography.Text>
      ) : null}
    </div>
  );
}
