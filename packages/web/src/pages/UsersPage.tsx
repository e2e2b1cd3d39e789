import { AdminOnly } from '../features/auth';
import { UserList } from '../features/users';

/** `/users/` (admins only). */
export function UsersPage() {
  return (
    <AdminOnly>
      <UserList />
    </AdminOnly>
  );
}
