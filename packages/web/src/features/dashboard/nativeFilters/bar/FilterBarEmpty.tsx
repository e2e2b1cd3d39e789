import { Button, Flex, Typography } from 'antd';

/** Superset's empty bar text. */
export const NO_FILTERS_TEXT = 'No filters are currently added to this dashboard.';

/** The bar without filters: says so, and offers editors to add some. */
export function FilterBarEmpty({ canEdit, onAdd, orientation }: { canEdit: boolean; onAdd: () => void; orientation: 'VERTICAL' | 'HORIZONTAL' }) {
  return (
    <Flex vertical={orientation === 'VERTICAL'} align={orientation === 'VERTICAL' ? 'flex-start' : 'center'} gap={8} data-test="filter-bar-empty">
      <Typography.Text type="secondary">{NO_FILTERS_TEXT}</Typography.Text>
      {canEdit ? (
        <Button type="link" onClick={onAdd} style={{ padding: 0 }} data-test="filter-bar__create-filter">
          + Add or edit filters
        </Button>
      ) : null}
    </Flex>
  );
}
