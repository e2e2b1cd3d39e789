import { useMemo, useState } from 'react';
import { Select } from 'antd';
import { useRlsRelatedQuery, type RelatedOption } from '../../../api/rowLevelSecurityApi';

interface RelatedSelectProps {
  id: string;
  column: 'tables' | 'roles';
  placeholder: string;
  /** Labels of the values already chosen, which the current page of options may not hold. */
  known: readonly RelatedOption[];
  value?: number[];
  onChange?: (value: number[]) => void;
}

/** A multiple select over a related endpoint of the rules API, searched on the server as the user types. */
export function RelatedSelect({ id, column, placeholder, known, value, onChange }: RelatedSelectProps) {
  const [filter, setFilter] = useState('');
  const { data, isFetching } = useRlsRelatedQuery({ column, filter, page_size: 100 });
  const options = useMemo(() => {
    const byValue = new Map<number, string>();
    for (const o of [...known, ...(data?.result ?? [])]) byValue.set(o.value, o.text);
    return [...byValue].map(([v, text]) => ({ value: v, label: text }));
  }, [known, data]);
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      showSearch={{ filterOption: false, onSearch: setFilter }}
      loading={isFetching}
      placeholder={placeholder}
      options={options}
      value={value}
      onChange={(next: number[]) => onChange?.(next)}
      onBlur={() => setFilter('')}
    />
  );
}
