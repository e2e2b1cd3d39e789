import { Button, Flex } from 'antd';

export interface FilterBarActionsProps {
  applyDisabled: boolean;
  clearAllDisabled: boolean;
  onApply: () => void;
  onClearAll: () => void;
  orientation: 'VERTICAL' | 'HORIZONTAL';
}

/** "Apply filters" and "Clear all" (Superset's ActionButtons). */
export function FilterBarActions({ applyDisabled, clearAllDisabled, onApply, onClearAll, orientation }: FilterBarActionsProps) {
  const vertical = orientation === 'VERTICAL';
  return (
    <Flex gap={8} vertical={vertical} style={vertical ? { width: '100%' } : { flexShrink: 0 }}>
      <Button type="primary" disabled={applyDisabled} onClick={onApply} data-test="filter-bar__apply-button" block={vertical}>
        Apply filters
      </Button>
      <Button type="link" disabled={clearAllDisabled} onClick={onClearAll} data-test="filter-bar__clear-button" block={vertical}>
        Clear all
      </Button>
    </Flex>
  );
}
