import { Link } from 'react-router';
import { hasPermission } from '@tessera/core';
import { Result, Spin } from 'antd';
import { useGetMyRolesQuery } from '../../../api/meApi';
import { ROUTES } from '../../../routes';
import { PageHeader } from '../../../ui/PageHeader';
import { useCurrentUser } from '../../auth';
import { ChartCreationForm } from './ChartCreationForm';

export const NO_CHART_PERMISSION = "You don't have permission to create charts";

/** `/chart/add`: Superset's "Create a new chart" page, for users who may write charts. */
export function ChartCreation() {
  const { principal, user } = useCurrentUser();
  const { isLoading } = useGetMyRolesQuery(undefined, { skip: !user });
  if (!principal || isLoading) return <Spin aria-label="Loading" />;
  if (!hasPermission(principal, 'can_write', 'Chart')) {
    return (
      <Result
        status="403"
        title={NO_CHART_PERMISSION}
        subTitle="Creating a chart needs the permission to write charts. Ask an administrator for it."
        extra={<Link to={ROUTES.charts}>Back to charts</Link>}
        data-test="chart-creation-denied"
      />
    );
  }
  return (
    <div data-test="chart-creation-page">
      <PageHeader title="Create a new chart" />
      <ChartCreationForm canAddDataset={hasPermission(principal, 'can_write', 'Dataset')} />
    </div>
  );
}
