import { useMemo, useState } from 'react';
import type { AuditLogRecord } from '@tessera/core';
import { useGetAuditLogQuery } from '../../../api/auditLogApi';
import { ListTable, type ListTableState } from '../../../ui/ListTable';
import { PageHeader } from '../../../ui/PageHeader';
import { ErrorMessage } from '../../errors';
import { auditLogColumns } from '../utils/auditLogColumns';
import { buildAuditLogFilters, EMPTY_AUDIT_LOG_FILTERS, type AuditLogFilterValues } from '../utils/buildAuditLogFilters';
import { AuditLogFilters } from './AuditLogFilters';

const INITIAL_STATE: ListTableState = { page: 0, pageSize: 25, sortColumn: 'created_on', sortDirection: 'desc' };

/** `/auditlog/list/` (admins): security-relevant actions, newest first, filtered by action, user, outcome and time. */
export function AuditLogList() {
  const [filters, setFilters] = useState<AuditLogFilterValues>(EMPTY_AUDIT_LOG_FILTERS);
  const [table, setTable] = useState<ListTableState>(INITIAL_STATE);
  const columns = useMemo(() => auditLogColumns(), []);

  const { data, error, isFetching } = useGetAuditLogQuery({
    filters: buildAuditLogFilters(filters),
    ...(table.sortColumn ? { order_column: table.sortColumn, order_direction: table.sortDirection ?? 'desc' } : {}),
    page: table.page,
    page_size: table.pageSize,
  });

  return (
    <div data-test="audit-log-page">
      <PageHeader title="Audit log" subtitle="Logins, user and role changes, database changes and other security-relevant actions." />
      <AuditLogFilters
        value={filters}
        onChange={(next) => {
          setFilters(next);
          setTable((state) => ({ ...state, page: 0 }));
        }}
      />
      {error ? (
        <ErrorMessage error={error} />
      ) : (
        <ListTable<AuditLogRecord>
          dataTest="audit-log-list"
          rowDataTest="audit-log-row"
          columns={columns}
          rows={data?.result ?? []}
          total={data?.count ?? 0}
          loading={isFetching}
          state={table}
          onChange={setTable}
          rowKey="id"
        />
      )}
    </div>
  );
}
