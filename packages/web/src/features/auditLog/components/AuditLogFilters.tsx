import { AUDIT_ACTIONS, type AuditOutcome } from '@tessera/core';
import { DatePicker, Flex, Input, Select } from 'antd';
import type { AuditLogFilterValues } from '../utils/buildAuditLogFilters';

const ACTION_OPTIONS = AUDIT_ACTIONS.map((action) => ({ value: action, label: action }));
const OUTCOME_OPTIONS: { value: AuditOutcome; label: string }[] = [
  { value: 'success', label: 'Success' },
  { value: 'failure', label: 'Failure' },
];

interface AuditLogFiltersProps {
  value: AuditLogFilterValues;
  onChange: (value: AuditLogFilterValues) => void;
}

/** Action, user, outcome and time range filters of the audit log. */
export function AuditLogFilters({ value, onChange }: AuditLogFiltersProps) {
  return (
    <Flex gap={12} wrap style={{ marginBottom: 16 }}>
      <Select<string>
        allowClear
        showSearch
        placeholder="Action"
        aria-label="Filter by action"
        data-test="audit-log-action-filter"
        value={value.action ?? undefined}
        onChange={(action) => onChange({ ...value, action: action ?? null })}
        options={ACTION_OPTIONS}
        style={{ minWidth: 220 }}
      />
      <Input.Search
        allowClear
        placeholder="User"
        aria-label="Filter by user"
        data-test="audit-log-user-filter"
        defaultValue={value.username}
        onSearch={(username) => onChange({ ...value, username })}
        style={{ maxWidth: 240 }}
      />
      <Select<AuditOutcome>
        allowClear
        placeholder="Outcome"
        aria-label="Filter by outcome"
        value={value.outcome ?? undefined}
        onChange={(outcome) => onChange({ ...value, outcome: outcome ?? null })}
        options={OUTCOME_OPTIONS}
        style={{ minWidth: 140 }}
      />
      <DatePicker.RangePicker
        showTime
        allowEmpty={[true, true]}
        aria-label="Filter by time"
        onChange={(dates) => onChange({ ...value, after: dates?.[0]?.valueOf() ?? null, before: dates?.[1]?.valueOf() ?? null })}
      />
    </Flex>
  );
}
