import { useEffect, useState } from 'react';
import { SearchedIdSelect } from './SearchedIdSelect';
import { useGetAnnotationLayerQuery, useListAnnotationLayersQuery } from '../../../api/annotationLayerApi';
import { containsFilter } from '../../../api/listQuery';
import { getClientErrorObject } from '../../errors';

/** Layers listed per search; typing narrows the list on the server, so every layer can be reached. */
const PAGE_SIZE = 100;

interface NativeLayerSelectProps {
  value: number | undefined;
  onChange: (id: number) => void;
  /** Told when the layers cannot be listed (the control shows one message for all its rows); keep it stable. */
  onError: (message: string | null) => void;
}

/** Picks a native annotation layer by name; the picked layer keeps its name even when not in the listed page. */
export function NativeLayerSelect({ value, onChange, onError }: NativeLayerSelectProps) {
  const [search, setSearch] = useState('');
  const { data, error, isFetching } = useListAnnotationLayersQuery({
    filters: containsFilter('name', search),
    order_column: 'name',
    order_direction: 'asc',
    page_size: PAGE_SIZE,
  });
  const listed = data?.result ?? [];
  const missing = value !== undefined && !listed.some((layer) => layer.id === value);
  const picked = useGetAnnotationLayerQuery(value ?? 0, { skip: !missing || isFetching });
  const message = error ? getClientErrorObject(error).error : null;
  useEffect(() => onError(message), [message, onError]);
  const options = listed.map((layer) => ({ value: layer.id, label: layer.name }));
  if (missing && picked.data) options.unshift({ value: value, label: picked.data.name });
  return (
    <SearchedIdSelect
      label="Annotation layer"
      placeholder="Select a layer"
      loading={isFetching}
      search={search}
      onSearch={setSearch}
      value={value}
      onChange={onChange}
      options={options}
      notFoundContent={message ?? 'No annotation layers'}
    />
  );
}
