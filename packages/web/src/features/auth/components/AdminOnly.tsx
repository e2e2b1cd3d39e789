import type { ReactNode } from 'react';
import { Result, Spin } from 'antd';
import { useGetMyRolesQuery } from '../../../api/meApi';
import { useCurrentUser } from '../hooks/useCurrentUser';

/** Children for admins; a 403 page for everyone else (the server enforces the same rule). */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { isAdmin, user } = useCurrentUser();
  const { isLoading } = useGetMyRolesQuery(undefined, { skip: !user });
  if (isLoading) return <Spin aria-label="Loading" />;
  if (!isAdmin) {
    return <Result status="403" title="Access denied" subTitle="Only administrators can manage users and roles." />;
  }
  return <>{children}</>;
}
