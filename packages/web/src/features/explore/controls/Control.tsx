import type { ComponentType } from 'react';
import { Tooltip, Typography } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import type { ControlType } from '../../../viz/types';
import { AdhocFilterControl } from './AdhocFilterControl';
import { ColumnSelectControl } from './ColumnSelectControl';
import { ColorSchemeControl, CurrencyControl, NumberFormatControl, TimeFormatControl, TimeShiftControl } from './FormatControls';
import { AnnotationLayerControl, ConditionalFormattingControl } from './ListEditorControls';
import { MetricsControl } from './MetricsControl';
import { OrderByControl } from './OrderByControl';
import { RadioButtonControl, SelectControl } from './SelectControl';
import { CheckboxControl, ColorPickerControl, NumberControl, SliderControl, TextAreaControl, TextControl } from './SimpleControls';
import { TimeGrainControl } from './TimeGrainControl';
import { TimeRangeControl } from './TimeRangeControl';
import { errorSentence } from '../utils/controls';
import type { ControlProps } from './types';

/** One component per control kind (viz/types ControlType). */
export const CONTROL_COMPONENTS: Record<ControlType, ComponentType<ControlProps>> = {
  MetricsControl,
  MetricControl: MetricsControl,
  GroupByControl: ColumnSelectControl,
  ColumnControl: ColumnSelectControl,
  XAxisControl: ColumnSelectControl,
  AdhocFilterControl,
  TimeRangeControl,
  TimeGrainControl,
  SelectControl,
  TextControl,
  NumberControl,
  CheckboxControl,
  SliderControl,
  ColorSchemeControl,
  SequentialSchemeControl: ColorSchemeControl,
  NumberFormatControl,
  TimeFormatControl,
  CurrencyControl,
  ColorPickerControl,
  ConditionalFormattingControl,
  AnnotationLayerControl,
  TimeShiftControl,
  OrderByControl,
  TextAreaControl,
  RadioButtonControl,
};

/** A control with its header (label, description, errors). A control with errors shows them in red. */
export function Control(props: ControlProps & { errors?: string[] }) {
  const { control, errors = [] } = props;
  const Component = CONTROL_COMPONENTS[control.type];
  const hideLabel = control.type === 'CheckboxControl';
  return (
    <div style={{ marginBottom: 12 }} data-test={`control-${control.name}`}>
      {hideLabel ? null : (
        <div style={{ marginBottom: 4, display: 'flex', alignItems: 'center', gap: 4 }}>
          <Typography.Text strong style={{ fontSize: 12, color: errors.length > 0 ? '#e04355' : undefined }}>
            {control.label}
          </Typography.Text>
          {control.description ? (
            <Tooltip title={control.description}>
              <InfoCircleOutlined style={{ fontSize: 11, color: '#999' }} />
            </Tooltip>
          ) : null}
        </div>
      )}
      <Component {...props} />
      {errors.map((error) => (
        <Typography.Text key={error} type="danger" style={{ display: 'block', fontSize: 12 }} data-test="control-error">
          {errorSentence(control.label, error)}
        </Typography.Text>
      ))}
    </div>
  );
}
