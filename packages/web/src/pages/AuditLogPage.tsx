import { AuditLogList } from '../features/auditLog';
import { AdminOnly } from '../features/auth';

/** `/auditlog/list/` (admins only). */
export function AuditLogPage() {
  return (
    <AdminOnly>
      <AuditLogList />
    </AdminOnly>
  );
}
