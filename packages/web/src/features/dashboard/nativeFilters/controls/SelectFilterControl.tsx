import { useEffect, useMemo, useRef, useState } from 'react';
import { Select, Typography } from 'antd';
import { filterColumn, filterDatasetId, filterOptionsQuery, selectFilterMask, FILTER_CONTROL_MESSAGES, GENERIC_DATA_TYPE, type SelectValue } from '@tessera/core';
import type { FilterControlProps } from './FilterControl';
import { useFilterDataset, useFilterQuery } from './options';
import { currentValues, optionKey, toOptions, type ValueOption } from './selectOptions';

/** Superset debounces server-side search by this much. */
export const SEARCH_DEBOUNCE_MS = 150;

const flag = (values: Record<string, unknown> | undefined, key: string, fallback: boolean) => (typeof values?.[key] === 'boolean' ? (values[key] as boolean) : fallback);

/**
 * The value filter (filter_select): single or multi select over the column's distinct values (1000 at most),
 * searched in the browser, or on the server with "Dynamically search all filter values"; creatable values,
 * inverse selection, "select first value by default", and 'Value is required' when required and empty.
 */
export function SelectFilterControl({ filter, dataMask, parentExtraFormData, onChange, orientation, inConfigModal }: FilterControlProps) {
  const cv = filter.controlValues;
  const multi = flag(cv, 'multiSelect', true);
  const searchAll = flag(cv, 'searchAllOptions', false);
  const creatable = flag(cv, 'creatable', true);
  const firstItem = flag(cv, 'defaultToFirstItem', false);
  const required = flag(cv, 'enableEmptyFilter', false);
  const column = filterColumn(filter);
  const dataset = useFilterDataset(filterDatasetId(filter));
  const textColumn = dataset.columns?.find((c) => c.column_name === column)?.type_generic !== GENERIC_DATA_TYPE.NUMERIC;

  const [search, setSearch] = useState('');
  const [serverSearch, setServerSearch] = useState('');
  useEffect(() => {
    if (!searchAll) return undefined;
    const timer = setTimeout(() => setServerSearch(search), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, searchAll]);

  const parentKey = JSON.stringify(parentExtraFormData ?? {});
  const queryContext = useMemo(() => {
    if (!column || filterDatasetId(filter) === undefined) return null;
    return filterOptionsQuery(filter, { search: searchAll ? serverSearch : '', parentExtraFormData: JSON.parse(parentKey) as typeof parentExtraFormData, textColumn });
  }, [filter, column, searchAll, serverSearch, parentKey, textColumn]);
  const { rows, loading, error } = useFilterQuery(queryContext);
  const loaded = useMemo(() => (rows && column ? toOptions(rows.map((r) => r[column])) : null), [rows, column]);

  const values = currentValues(dataMask?.filterState?.value);
  const emit = (next: SelectValue[]) => onChange(selectFilterMask(filter, next));

  // Select the first value once the options load and nothing is chosen (not in the modal, where it is the default).
  const firstDone = useRef(false);
  useEffect(() => {
    if (!firstItem || inConfigModal || firstDone.current || !loaded || loaded.length === 0 || values.length > 0) return;
    firstDone.current = true;
    emit([loaded[0]!.value]);
  });

  // A parent's new value narrows the options: chosen values that are no longer options are dropped (Superset).
  const seenParent = useRef(parentKey);
  useEffect(() => {
    // Wait for the narrowed answer: while it runs, the previous options are still shown.
    if (!loaded || loading || serverSearch || seenParent.current === parentKey) return;
    seenParent.current = parentKey;
    if (loaded.length >= 1000 || values.length === 0) return;
    const present = new Set(loaded.map((o) => o.key));
    const kept = values.filter((v) => present.has(optionKey(v)));
    if (kept.length !== values.length) emit(kept);
  });

  const options: ValueOption[] = useMemo(() => {
    const list = [...(loaded ?? [])];
    const keys = new Set(list.map((o) => o.key));
    // Chosen values stay listed (they may be beyond the first 1000, or created).
    for (const o of toOptions(values)) {
      if (keys.has(o.key)) continue;
      list.unshift(o);
      keys.add(o.key);
    }
    const typed = search.trim();
    if (creatable && typed && !keys.has(optionKey(typed))) list.unshift({ key: optionKey(typed), label: typed, value: typed });
    return list;
  }, [loaded, values, search, creatable]);
  const byKey = useMemo(() => new Map(options.map((o) => [o.key, o.value])), [options]);

  const missing = required && values.length === 0 && !flag(cv, 'inverseSelection', false);
  const keys = values.map(optionKey);
  const onSelect = (selected: string | string[] | undefined) => {
    const list = selected === undefined ? [] : Array.isArray(selected) ? selected : [selected];
    setSearch('');
    emit(list.map((k) => (byKey.has(k) ? byKey.get(k)! : k.replace(/^string:/, ''))));
  };
  const label = filter.name ?? column ?? 'Value';
  return (
    <>
      <Select
        aria-label={label}
        data-test="filter-select"
        mode={multi ? 'multiple' : undefined}
        allowClear
        showSearch={{
          searchValue: search,
          onSearch: setSearch,
          // Server-side search already narrowed the list; otherwise search the loaded values here.
          filterOption: searchAll ? false : (input, option) => String(option?.label ?? '').toLowerCase().includes(input.toLowerCase()),
        }}
        value={multi ? keys : keys[0]}
        onChange={onSelect}
        options={options.map((o) => ({ value: o.key, label: o.label }))}
        loading={loading}
        status={missing || error ? 'error' : undefined}
        disabled={Boolean(inConfigModal && firstItem)}
        placeholder={inConfigModal && firstItem ? 'First item will be selected' : loaded ? `${loaded.length} option${loaded.length === 1 ? '' : 's'}` : 'Select value'}
        maxTagCount={orientation === 'HORIZONTAL' ? 'responsive' : undefined}
        style={{ width: '100%', minWidth: orientation === 'HORIZONTAL' ? 180 : undefined }}
        notFoundContent={loading ? 'Loading...' : 'No data'}
      />
      {error ? (
        <Typography.Text type="danger" data-test="filter-control-error">
          {error}
        </Typography.Text>
      ) : missing ? (
        <Typography.Text type="danger" data-test="filter-control-required">
          {FILTER_CONTROL_MESSAGES.valueRequired}
        </Typography.Text>
      ) : null}
    </>
  );
}
