import { AdminOnly } from '../features/auth';
import { RoleList } from '../features/roles';

/** `/roles/` (admins only). */
export function RolesPage() {
  return (
    <AdminOnly>
      <RoleList />
    </AdminOnly>
  );
}
