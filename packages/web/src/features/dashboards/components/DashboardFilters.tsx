import { Flex, Input, Select } from 'antd';
import type { DashboardListItem, UserRef } from '@tessera/core';
import { useDashboardRelatedQuery, type DashboardRelatedResponse } from '../../../api/dashboardListApi';
import { filterLabel, YesNoSelect } from '../../../ui/YesNoSelect';
import { userName } from '../../charts';
import type { DashboardFilterValues } from '../utils/dashboardListFilters';

interface DashboardFiltersProps {
  value: DashboardFilterValues;
  onChange: (value: DashboardFilterValues) => void;
  /** The rows on screen: their people stand in for the related options when the server cannot list them. */
  rows: readonly DashboardListItem[];
}

const STATUS_OPTIONS = [
  { value: 'true', label: 'Published' },
  { value: 'false', label: 'Draft' },
];

type Option = { value: number; label: string };

/** Options of a people filter: the server's `related/<col>` answer, or (when it fails) the people of the rows on screen. */
function peopleOptions(answer: DashboardRelatedResponse | undefined, failed: boolean, people: readonly (UserRef | null | undefined)[]): Option[] {
  if (!failed) return (answer?.result ?? []).map((option) => ({ value: Number(option.value), label: option.text }));
  const seen = new Map<number, string>();
  for (const person of people) if (person && !seen.has(person.id)) seen.set(person.id, userName(person));
  return [...seen].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
}

/** Search (title or slug), owner, modified by, status, favourite and certified filters of the dashboards list. */
export function DashboardFilters({ value, onChange, rows }: DashboardFiltersProps) {
  const owners = useDashboardRelatedQuery('owners');
  const changedBy = useDashboardRelatedQuery('changed_by');
  const ownerOptions = peopleOptions(owners.data, owners.isError, rows.flatMap((row) => row.owners ?? []));
  const changedByOptions = peopleOptions(changedBy.data, changedBy.isError, rows.map((row) => row.changed_by));
  const selectProps = { allowClear: true, showSearch: { optionFilterProp: 'label' }, style: { minWidth: 150 } } as const;

  return (
    <Flex gap={12} wrap style={{ marginBottom: 16 }} data-test="dashboard-filters">
      <Input.Search
        key={value.search}
        allowClear
        placeholder="Type a value"
        aria-label="Search dashboards"
        data-test="dashboard-search"
        defaultValue={value.search}
        onSearch={(search) => onChange({ ...value, search })}
        style={{ maxWidth: 280 }}
      />
      <Select<number>
        {...selectProps}
        placeholder="Owner"
        labelRender={filterLabel('Owner')}
        aria-label="Filter by owner"
        data-test="dashboard-owner-filter"
        loading={owners.isFetching}
        value={value.ownerId ?? undefined}
        onChange={(ownerId) => onChange({ ...value, ownerId: ownerId ?? null })}
        options={ownerOptions}
      />
      <Select<number>
        {...selectProps}
        placeholder="Modified by"
        labelRender={filterLabel('Modified by')}
        aria-label="Filter by modified by"
        data-test="dashboard-changed-by-filter"
        loading={changedBy.isFetching}
        value={value.changedById ?? undefined}
        onChange={(changedById) => onChange({ ...value, changedById: changedById ?? null })}
        options={changedByOptions}
      />
      <Select<string>
        {...selectProps}
        placeholder="Status"
        labelRender={filterLabel('Status')}
        aria-label="Filter by status"
        data-test="dashboard-status-filter"
        value={value.published === null ? undefined : String(value.published)}
        onChange={(picked) => onChange({ ...value, published: picked === undefined ? null : picked === 'true' })}
        options={STATUS_OPTIONS}
      />
      <YesNoSelect
        filter="Favorite"
        ariaLabel="Filter by favorite"
        dataTest="dashboard-favorite-filter"
        value={value.favorite}
        onChange={(favorite) => onChange({ ...value, favorite })}
      />
      <YesNoSelect
        filter="Certified"
        ariaLabel="Filter by certification"
        dataTest="dashboard-certified-filter"
        value={value.certified}
        onChange={(certified) => onChange({ ...value, certified })}
      />
    </Flex>
  );
}
