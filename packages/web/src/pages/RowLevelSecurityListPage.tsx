import { RLS_VIEW } from '@tessera/core';
import { RequirePermission } from '../features/auth';
import { RowLevelSecurityList } from '../features/rowLevelSecurity';

/** `/rowlevelsecurity/list/` (Superset's path; admins by default). */
export function RowLevelSecurityListPage() {
  return (
    <RequirePermission permission="can_read" view={RLS_VIEW} message="Only administrators can manage row level security.">
      <RowLevelSecurityList />
    </RequirePermission>
  );
}
