import { Button } from 'antd';
import { EmptyState } from '../../../ui/EmptyState';
import { DashboardOutlined } from '../../../ui/icons';

interface DashboardListEmptyProps {
  filtered: boolean;
  canWrite: boolean;
  onCreate: () => void;
}

/** The dashboards list's empty state: what the user can do next, and no action they may not take (spec §6). */
export function DashboardListEmpty({ filtered, canWrite, onCreate }: DashboardListEmptyProps) {
  if (filtered) return <EmptyState title="No dashboards match your filters" description="Try other filters." />;
  const image = <DashboardOutlined style={{ fontSize: 64, opacity: 0.5 }} />;
  if (!canWrite) {
    return <EmptyState image={image} title="No dashboards yet" description="Dashboards shared with you are listed here." />;
  }
  return (
    <EmptyState image={image} title="No dashboards yet" description="Dashboards arrange saved charts with filters. Your dashboards will be listed here.">
      <Button type="primary" onClick={onCreate} data-test="empty-new-dashboard">
        Create a dashboard
      </Button>
    </EmptyState>
  );
}
