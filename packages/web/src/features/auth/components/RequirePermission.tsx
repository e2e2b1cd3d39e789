import type { ReactNode } from 'react';
import { Result, Spin } from 'antd';
import { useGetMyRolesQuery } from '../../../api/meApi';
import { useCurrentUser } from '../hooks/useCurrentUser';
import { usePermissions } from '../hooks/usePermissions';

interface RequirePermissionProps {
  permission: string;
  view: string;
  /** The sentence shown instead of the page, e.g. "You do not have access to SQL Lab. …". */
  message: string;
  title?: string;
  /** Below the message, e.g. a link back. */
  extra?: ReactNode;
  children: ReactNode;
}

/** Children for users holding the permission/view pair; a 403 page with a clear sentence for everyone else. */
export function RequirePermission({ permission, view, message, title = 'Access denied', extra, children }: RequirePermissionProps) {
  const { user } = useCurrentUser();
  const { isLoading } = useGetMyRolesQuery(undefined, { skip: !user });
  const { can } = usePermissions();
  if (!user || isLoading) return <Spin aria-label="Loading" />;
  if (!can(permission, view)) {
    return (
      <div data-test="permission-denied">
        <Result status="403" title={title} subTitle={message} extra={extra} />
      </div>
    );
  }
  return <>{children}</>;
}
