import { Result } from 'antd';
import { ErrorMessage } from '../../errors';

/** 403 (DASHBOARD_SECURITY_ACCESS_ERROR: the catalogue's message from the server) or another load failure. */
export function DashboardAccessError({ error, forbidden }: { error: unknown; forbidden: boolean }) {
  return (
    <Result
      status={forbidden ? '403' : 'error'}
      title={forbidden ? 'Access denied' : 'The dashboard could not be loaded'}
      extra={<ErrorMessage error={error} />}
      data-test="dashboard-error"
    />
  );
}
