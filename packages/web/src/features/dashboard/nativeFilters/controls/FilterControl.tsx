import { Typography } from 'antd';
import { NATIVE_FILTER_TYPES, type DataMask, type ExtraFormData, type NativeFilterConfig } from '@tessera/core';
import { RangeFilterControl } from './RangeFilterControl';
import { SelectFilterControl } from './SelectFilterControl';
import { TimeColumnFilterControl } from './TimeColumnFilterControl';
import { TimeGrainFilterControl } from './TimeGrainFilterControl';
import { TimeRangeFilterControl } from './TimeRangeFilterControl';

/** One native filter's value control, chosen by `filterType`. */
export interface FilterControlProps {
  filter: NativeFilterConfig;
  /** The filter's current (pending, not yet applied) mask; undefined when it has no value. */
  dataMask: DataMask | undefined;
  /** The merged extraFormData of the filter's cascade parents (their applied-or-pending values): narrows the options. */
  parentExtraFormData: ExtraFormData;
  /** A new mask for this filter: `{ id: filter.id, extraFormData, filterState }`. */
  onChange: (mask: DataMask) => void;
  orientation: 'VERTICAL' | 'HORIZONTAL';
  /** Drawn inside the config modal as the "Default value" input. */
  inConfigModal?: boolean;
}

function ControlByType(props: FilterControlProps) {
  switch (props.filter.filterType) {
    case NATIVE_FILTER_TYPES.select:
      return <SelectFilterControl {...props} />;
    case NATIVE_FILTER_TYPES.range:
      return <RangeFilterControl {...props} />;
    case NATIVE_FILTER_TYPES.time:
      return <TimeRangeFilterControl {...props} />;
    case NATIVE_FILTER_TYPES.timeColumn:
      return <TimeColumnFilterControl {...props} />;
    case NATIVE_FILTER_TYPES.timeGrain:
      return <TimeGrainFilterControl {...props} />;
    default:
      return <Typography.Text type="secondary">Unknown filter type: {props.filter.filterType ?? '(none)'}</Typography.Text>;
  }
}

/** The control of one filter, with a root the bar, the modal and tests find by the filter id. */
export function FilterControl(props: FilterControlProps) {
  return (
    <div data-test={`filter-control-${props.filter.id}`} data-filter-type={props.filter.filterType} role="group" aria-label={props.filter.name ?? props.filter.id}>
      <ControlByType {...props} />
    </div>
  );
}
