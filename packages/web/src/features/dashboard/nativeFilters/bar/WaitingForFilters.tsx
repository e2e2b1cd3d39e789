import { Flex, Spin, Typography } from 'antd';
import { WAITING_FOR_FILTERS } from '../state/chartWaitsForFilters';

/** What a chart shows instead of querying while a required filter in its scope has no value yet. */
export function WaitingForFilters() {
  return (
    <Flex vertical align="center" justify="center" gap={8} style={{ height: '100%' }} data-test="chart-waiting-for-filters">
      <Spin size="small" />
      <Typography.Text type="secondary">{WAITING_FOR_FILTERS}</Typography.Text>
    </Flex>
  );
}
