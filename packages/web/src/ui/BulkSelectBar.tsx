import { Button, Flex, Typography } from 'antd';

/** The list pages' bulk-select strip: how many rows are selected, deselect all, and delete them. */
export function BulkSelectBar({ count, onDeselectAll, onDelete }: { count: number; onDeselectAll: () => void; onDelete: () => void }) {
  return (
    <Flex gap={12} align="center" style={{ marginBottom: 12 }} data-test="bulk-select-controls">
      <Typography.Text data-test="bulk-select-copy">{count} Selected</Typography.Text>
      {count > 0 ? (
        <>
          <Button type="link" onClick={onDeselectAll} data-test="bulk-select-deselect-all">
            Deselect all
          </Button>
          <Button danger onClick={onDelete} data-test="bulk-select-action">
            Delete
          </Button>
        </>
      ) : null}
    </Flex>
  );
}
