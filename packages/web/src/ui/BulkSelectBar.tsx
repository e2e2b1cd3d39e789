import { Button, Flex, Typography } from 'antd';

interface BulkSelectBarProps {
  count: number;
  onDeselectAll: () => void;
  /** Without it there is no delete button (a reader may select only to export). */
  onDelete?: (() => void) | undefined;
  /** Without it there is no export button. */
  onExport?: (() => void) | undefined;
}

/** The list pages' bulk-select strip: how many rows are selected, deselect all, act on them. */
export function BulkSelectBar({ count, onDeselectAll, onDelete, onExport }: BulkSelectBarProps) {
  return (
    <Flex gap={12} align="center" style={{ marginBottom: 12 }} data-test="bulk-select-controls">
      <Typography.Text data-test="bulk-select-copy">{count} Selected</Typography.Text>
      {count > 0 ? (
        <>
          <Button type="link" onClick={onDeselectAll} data-test="bulk-select-deselect-all">
            Deselect all
          </Button>
          {onExport ? (
            <Button onClick={onExport} data-test="bulk-select-export">
              Export
            </Button>
          ) : null}
          {onDelete ? (
            <Button danger onClick={onDelete} data-test="bulk-select-action">
              Delete
            </Button>
          ) : null}
        </>
      ) : null}
    </Flex>
  );
}
