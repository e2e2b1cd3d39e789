import { memo } from 'react';
import { Flex, Tooltip, Typography } from 'antd';
import InfoCircleOutlined from '@ant-design/icons/InfoCircleOutlined';
import type { DataMask, ExtraFormData, NativeFilterConfig } from '@tessera/core';
import { FilterControl } from '../controls';

export interface FilterBarItemProps {
  filter: NativeFilterConfig;
  dataMask: DataMask | undefined;
  parentExtraFormData: ExtraFormData;
  onChange: (filter: NativeFilterConfig, mask: DataMask) => void;
  orientation: 'VERTICAL' | 'HORIZONTAL';
  /** False until the charts have sent their queries: the control (and its options query) waits. */
  controlsReady: boolean;
}

/** One filter of the bar: its name (with its description as a tooltip) and its value control. */
export const FilterBarItem = memo(function FilterBarItem({ filter, dataMask, parentExtraFormData, onChange, orientation, controlsReady }: FilterBarItemProps) {
  const name = filter.name?.trim() || filter.id;
  const description = filter.description?.trim();
  const horizontal = orientation === 'HORIZONTAL';
  return (
    <Flex
      vertical={!horizontal}
      align={horizontal ? 'center' : undefined}
      gap={horizontal ? 8 : 4}
      data-test="filter-bar-item"
      data-filter-id={filter.id}
      style={horizontal ? { minWidth: 0 } : { marginBottom: 16 }}
    >
      <Flex align="center" gap={4} style={{ minWidth: 0, flexShrink: 0, maxWidth: horizontal ? 120 : undefined }}>
        <Typography.Text strong ellipsis={{ tooltip: name }} data-test="filter-bar-item-name">
          {name}
        </Typography.Text>
        {description ? (
          <Tooltip title={description}>
            <InfoCircleOutlined aria-label="Description" data-test="filter-bar-item-description" />
          </Tooltip>
        ) : null}
      </Flex>
      <div style={{ flex: 1, minWidth: 0 }}>
        {controlsReady ? (
          <FilterControl
            filter={filter}
            dataMask={dataMask}
            parentExtraFormData={parentExtraFormData}
            onChange={(mask) => onChange(filter, mask)}
            orientation={orientation}
          />
        ) : (
          <div style={{ height: 32 }} aria-busy="true" />
        )}
      </div>
    </Flex>
  );
});
