import type { Key } from 'react';
import { Link } from 'react-router';
import { Card, Checkbox, Flex, Typography } from 'antd';
import type { DashboardListItem } from '@tessera/core';
import { CardGrid, toggleKey } from '../../../ui/CardGrid';
import type { ListTableState } from '../../../ui/ListTable';
import { FavoriteStar } from '../../charts';
import { CertifiedTag, dashboardActionItems, StatusTag, type DashboardRowActions } from '../utils/dashboardColumns';
import { dashboardHref } from '../utils/dashboardLinks';
import { DashboardThumbnail } from './DashboardThumbnail';
import { OwnerAvatars } from './OwnerAvatars';

interface DashboardCardsProps extends DashboardRowActions {
  rows: readonly DashboardListItem[];
  total: number;
  loading: boolean;
  state: ListTableState;
  onChange: (state: ListTableState) => void;
  /** Present in bulk select mode. */
  selection?: { selected: Key[]; onChange: (keys: Key[]) => void };
}

/** Card view of the dashboards list: thumbnail, title, status, certification, owners, modification time, star and actions. */
export function DashboardCards({ rows, total, loading, state, onChange, selection, ...actions }: DashboardCardsProps) {
  const { isStarred, onToggleStar } = actions;
  return (
    <CardGrid
      dataTest="dashboard-cards"
      rows={rows}
      rowKey={(dashboard) => dashboard.id}
      total={total}
      loading={loading}
      state={state}
      onChange={onChange}
      renderCard={(dashboard) => (
        <Card
          data-test="dashboard-card"
          size="small"
          cover={
            <Link to={dashboardHref(dashboard)} aria-label={`Open ${dashboard.dashboard_title}`}>
              <Flex justify="center" align="center" style={{ height: 160, overflow: 'hidden' }}>
                <DashboardThumbnail url={dashboard.thumbnail_url} title={dashboard.dashboard_title} />
              </Flex>
            </Link>
          }
          actions={dashboardActionItems(actions, dashboard)}
        >
          <Flex justify="space-between" align="start" gap={8}>
            <div style={{ minWidth: 0 }}>
              {selection ? (
                <Checkbox
                  aria-label={`Select ${dashboard.dashboard_title}`}
                  checked={selection.selected.includes(dashboard.id)}
                  onChange={(event) => selection.onChange(toggleKey(selection.selected, dashboard.id, event.target.checked))}
                  style={{ marginRight: 8 }}
                />
              ) : null}
              <Link to={dashboardHref(dashboard)} data-test="dashboard-title-link">
                <Typography.Text strong ellipsis>
                  {dashboard.dashboard_title}
                </Typography.Text>
              </Link>
              <Flex gap={4} align="center" wrap style={{ margin: '4px 0' }}>
                <StatusTag published={dashboard.published} />
                <CertifiedTag dashboard={dashboard} />
              </Flex>
              <Flex gap={8} align="center" wrap>
                <Typography.Text type="secondary">Modified {dashboard.changed_on_delta_humanized}</Typography.Text>
                <OwnerAvatars owners={dashboard.owners ?? []} max={3} />
              </Flex>
            </div>
            <FavoriteStar starred={isStarred(dashboard.id)} name={dashboard.dashboard_title} onToggle={() => onToggleStar(dashboard)} />
          </Flex>
        </Card>
      )}
    />
  );
}
