import { Select } from 'antd';
import type { ReactNode } from 'react';

interface SearchedIdSelectProps {
  label: string;
  placeholder: string;
  loading: boolean;
  search: string;
  onSearch: (text: string) => void;
  value: number | undefined;
  onChange: (id: number) => void;
  options: { value: number | undefined; label: string }[];
  notFoundContent: ReactNode;
}

/**
 * A pick among server-side search results, by id (annotation layers, charts): the server filters, so antd's
 * own filtering is off, and picking clears the search for the next time the list opens.
 */
export function SearchedIdSelect({ label, placeholder, loading, search, onSearch, value, onChange, options, notFoundContent }: SearchedIdSelectProps) {
  return (
    <Select
      aria-label={label}
      style={{ width: '100%' }}
      placeholder={placeholder}
      loading={loading}
      showSearch={{ onSearch, filterOption: false, searchValue: search }}
      value={value}
      onChange={(id: number) => {
        onSearch('');
        onChange(id);
      }}
      options={options}
      notFoundContent={notFoundContent}
    />
  );
}
