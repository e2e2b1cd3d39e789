import { Flex, Input, Select } from 'antd';
import { useMemo } from 'react';
import { useChartDistinctQuery, useChartRelatedQuery } from '../../../api/chartApi';
import { useListDatasetsQuery } from '../../../api/datasetApi';
import { useVizNames } from '../hooks/useVizNames';
import { filterLabel, YesNoSelect } from '../../../ui/YesNoSelect';
import { DATASET_OPTIONS_QUERY, type ChartFilterValues } from '../utils/chartListFilters';

interface ChartFiltersProps {
  value: ChartFilterValues;
  onChange: (value: ChartFilterValues) => void;
}

/** Search (chart_all_text), owner, type, dataset, dashboard, favourite, certified and modified-by filters of the charts list. */
export function ChartFilters({ value, onChange }: ChartFiltersProps) {
  const owners = useChartRelatedQuery('owners');
  const vizTypes = useChartDistinctQuery('viz_type');
  const vizKeys = useMemo(() => (vizTypes.data?.result ?? []).map((option) => String(option.value)), [vizTypes.data]);
  const vizNames = useVizNames(vizKeys);
  // The names the Type column shows; the filter still sends the key.
  const vizTypeOptions = useMemo(
    () => vizKeys.map((key) => ({ value: key, label: vizNames[key] ?? key })).sort((a, b) => a.label.localeCompare(b.label)),
    [vizKeys, vizNames],
  );
  const datasets = useListDatasetsQuery(DATASET_OPTIONS_QUERY);
  const dashboards = useChartRelatedQuery('dashboards');
  const changedBy = useChartRelatedQuery('changed_by');
  const selectProps = { allowClear: true, showSearch: { optionFilterProp: 'label' }, style: { minWidth: 150 } } as const;

  return (
    <Flex gap={12} wrap style={{ marginBottom: 16 }} data-test="chart-filters">
      <Input.Search
        key={value.search}
        allowClear
        placeholder="Type a value"
        aria-label="Search charts"
        data-test="chart-search"
        defaultValue={value.search}
        onSearch={(search) => onChange({ ...value, search })}
        style={{ maxWidth: 280 }}
      />
      <Select<number>
        {...selectProps}
        placeholder="Owner"
        labelRender={filterLabel('Owner')}
        aria-label="Filter by owner"
        data-test="chart-owner-filter"
        loading={owners.isFetching}
        value={value.ownerId ?? undefined}
        onChange={(ownerId) => onChange({ ...value, ownerId: ownerId ?? null })}
        options={(owners.data?.result ?? []).map((option) => ({ value: Number(option.value), label: option.text }))}
      />
      <Select<string>
        {...selectProps}
        placeholder="Type"
        aria-label="Filter by chart type"
        data-test="chart-type-filter"
        loading={vizTypes.isFetching}
        value={value.vizType ?? undefined}
        onChange={(vizType) => onChange({ ...value, vizType: vizType ?? null })}
        options={vizTypeOptions}
      />
      <Select<number>
        {...selectProps}
        placeholder="Dataset"
        aria-label="Filter by dataset"
        data-test="chart-dataset-filter"
        loading={datasets.isFetching}
        value={value.datasetId ?? undefined}
        onChange={(datasetId) => onChange({ ...value, datasetId: datasetId ?? null })}
        options={(datasets.data?.result ?? []).map((dataset) => ({ value: dataset.id, label: dataset.table_name }))}
      />
      <Select<number>
        {...selectProps}
        placeholder="Dashboard"
        aria-label="Filter by dashboard"
        data-test="chart-dashboard-filter"
        loading={dashboards.isFetching}
        value={value.dashboardId ?? undefined}
        onChange={(dashboardId) => onChange({ ...value, dashboardId: dashboardId ?? null })}
        options={(dashboards.data?.result ?? []).map((option) => ({ value: Number(option.value), label: option.text }))}
      />
      <YesNoSelect
        filter="Favorite"
        ariaLabel="Filter by favorite"
        dataTest="chart-favorite-filter"
        value={value.favorite}
        onChange={(favorite) => onChange({ ...value, favorite })}
      />
      <YesNoSelect
        filter="Certified"
        ariaLabel="Filter by certification"
        dataTest="chart-certified-filter"
        value={value.certified}
        onChange={(certified) => onChange({ ...value, certified })}
      />
      <Select<number>
        {...selectProps}
        placeholder="Modified by"
        labelRender={filterLabel('Modified by')}
        aria-label="Filter by modified by"
        data-test="chart-changed-by-filter"
        loading={changedBy.isFetching}
        value={value.changedById ?? undefined}
        onChange={(changedById) => onChange({ ...value, changedById: changedById ?? null })}
        options={(changedBy.data?.result ?? []).map((option) => ({ value: Number(option.value), label: option.text }))}
      />
    </Flex>
  );
}
