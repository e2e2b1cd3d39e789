import { Link } from 'react-router';
import { ROUTES } from '../../../routes';
import { EmptyState } from '../../../ui/EmptyState';

interface ChartListEmptyProps {
  filtered: boolean;
  /** Admins and `all_datasource_access` see every chart; others only charts on data they may read. */
  seesAllCharts: boolean;
  canWriteCharts: boolean;
  /** Whether any dataset is readable; null while unknown. */
  hasDatasets: boolean | null;
  canWriteDatasets: boolean;
}

const ASK_FOR_DATA = 'Ask an administrator for access to the data you need.';

/** The charts list's empty state: what the user can do next, and no action they may not take (spec §6). */
export function ChartListEmpty({ filtered, seesAllCharts, canWriteCharts, hasDatasets, canWriteDatasets }: ChartListEmptyProps) {
  if (filtered) return <EmptyState title="No charts match your filters" description="Try other filters." />;
  const title = seesAllCharts ? 'No charts yet' : 'No charts you can access';
  if (!canWriteCharts) return <EmptyState title={title} description={`Charts you may view are listed here. ${ASK_FOR_DATA}`} />;
  if (hasDatasets === null) return <EmptyState title={title} description="Charts are built from datasets in the chart explorer." />;
  if (hasDatasets) {
    return (
      <EmptyState title={title} description="Charts are built from datasets in the chart explorer.">
        <Link to={ROUTES.chartAdd}>Create a chart</Link>
      </EmptyState>
    );
  }
  if (canWriteDatasets) {
    return (
      <EmptyState title={title} description="Charts are built on datasets, and there is none yet.">
        <Link to={ROUTES.datasetAdd}>Create a dataset</Link>
      </EmptyState>
    );
  }
  return <EmptyState title={title} description={`Charts are built on datasets, and you cannot read any yet. ${ASK_FOR_DATA}`} />;
}
