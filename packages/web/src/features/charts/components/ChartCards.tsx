import type { Key } from 'react';
import { Link } from 'react-router';
import { Card, Checkbox, Flex, Typography } from 'antd';
import { CardGrid, toggleKey } from '../../../ui/CardGrid';
import type { ChartListItem } from '../../../api/chartApi';
import type { ListTableState } from '../../../ui/ListTable';
import { chartActionItems, DatasetCell, type ChartRowActions } from '../utils/chartColumns';
import { chartExplorePath } from '../utils/chartLinks';
import { FavoriteStar } from './FavoriteStar';
import { ChartThumbnail } from './ChartThumbnail';
import { VizTypeName } from './VizThumbnail';

interface ChartCardsProps extends ChartRowActions {
  rows: readonly ChartListItem[];
  total: number;
  loading: boolean;
  state: ListTableState;
  onChange: (state: ListTableState) => void;
  /** Present in bulk select mode. */
  selection?: { selected: Key[]; onChange: (keys: Key[]) => void };
}

/** Card view of the charts list: the chart's thumbnail (or its viz type's), name, dataset, modification time, star and actions. */
export function ChartCards({ rows, total, loading, state, onChange, selection, ...actions }: ChartCardsProps) {
  const { isStarred, onToggleStar } = actions;
  const toggleSelected = (id: number, checked: boolean) => selection?.onChange(toggleKey(selection.selected, id, checked));
  return (
    <CardGrid
      dataTest="chart-cards"
      rows={rows}
      rowKey={(chart) => chart.id}
      total={total}
      loading={loading}
      state={state}
      onChange={onChange}
      renderCard={(chart) => (
        <Card
          data-test="chart-card"
          size="small"
          cover={
            <Link to={chart.slice_url || chartExplorePath(chart.id)} aria-label={`Open ${chart.slice_name}`}>
              <Flex justify="center" align="center" style={{ height: 140 }}>
                <ChartThumbnail vizType={chart.viz_type} url={chart.thumbnail_url} name={chart.slice_name} />
              </Flex>
            </Link>
          }
          actions={chartActionItems(actions, chart)}
        >
          <Flex justify="space-between" align="start" gap={8}>
            <div style={{ minWidth: 0 }}>
              {selection ? (
                <Checkbox
                  aria-label={`Select ${chart.slice_name}`}
                  checked={selection.selected.includes(chart.id)}
                  onChange={(event) => toggleSelected(chart.id, event.target.checked)}
                  style={{ marginRight: 8 }}
                />
              ) : null}
              <Link to={chart.slice_url || chartExplorePath(chart.id)} data-test="chart-name-link">
                <Typography.Text strong ellipsis>
                  {chart.slice_name}
                </Typography.Text>
              </Link>
              <div>
                <Typography.Text type="secondary">
                  <VizTypeName vizType={chart.viz_type} />
                </Typography.Text>
                {' · '}
                <DatasetCell chart={chart} />
              </div>
              <Typography.Text type="secondary">Modified {chart.changed_on_delta_humanized}</Typography.Text>
            </div>
            <FavoriteStar starred={isStarred(chart.id)} name={chart.slice_name} onToggle={() => onToggleStar(chart)} />
          </Flex>
        </Card>
      )}
    />
  );
}
