import { Button, Flex, Typography } from 'antd';

/** What the form area shows for an item deleted less than the removal delay ago. */
export function RemovedItem({ kind, onRestore }: { kind: 'filter' | 'divider'; onRestore: () => void }) {
  return (
    <Flex vertical align="center" justify="center" gap={12} style={{ minHeight: 240 }} data-test="filters-config-modal-removed">
      <Typography.Text>{kind === 'filter' ? 'You have removed this filter.' : 'You have removed this divider.'}</Typography.Text>
      <Button type="primary" onClick={onRestore} data-test="restore-filter-button">
        {kind === 'filter' ? 'Restore filter' : 'Restore divider'}
      </Button>
    </Flex>
  );
}
