import type { CSSProperties } from 'react';
import { Button, Collapse, Tooltip } from 'antd';
import { setControlValue, runQuery, stopQuery } from '../state/exploreSlice';
import { useExploreDispatch, useExploreState } from '../state/ExploreContext';
import { selectControlErrors } from '../state/selectors';
import { Control } from '../controls/Control';
import { describeErrors, isControlVisible } from '../utils/controls';
import { getChartPlugin } from '../../chart';
import type { ControlConfig, ControlType } from '../../../viz/types';
import { VizTypeControl } from './VizTypeControl';

/** Controls made of two parts (a column select and its "SQL" button; currency's position and code): they need room. */
const COMPOUND_TYPES = new Set<ControlType>(['GroupByControl', 'ColumnControl', 'XAxisControl', 'CurrencyControl']);

/**
 * A control's share of its row. Rows wrap: controls that do not fit side by side stack. A checkbox takes the width
 * of its label (so "Show values" never breaks); other controls share the row equally down to a least width.
 */
function cellStyle(control: ControlConfig): CSSProperties {
  if (control.type === 'CheckboxControl') return { flex: '1 1 auto', minWidth: 0 };
  return { flex: '1 1 0', minWidth: COMPOUND_TYPES.has(control.type) ? 180 : 120 };
}

interface ControlPanelProps {
  loading: boolean;
}

/** The plugin's control panel sections, the viz type picker on top and the Create/Update/Stop button below. */
export function ControlPanel({ loading }: ControlPanelProps) {
  const state = useExploreState();
  const dispatch = useExploreDispatch();
  const plugin = getChartPlugin(state.formData.viz_type);
  const errors = selectControlErrors(state);
  const messages = describeErrors(errors, state.controls);
  const label = state.queryFormData ? 'Update chart' : 'Create chart';

  const sections = plugin?.controlPanel.sections ?? [];
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }} data-test="explore-control-panel">
      <div style={{ flex: 1, overflow: 'auto', padding: 8 }}>
        <VizTypeControl />
        <Collapse
          key={state.formData.viz_type}
          size="small"
          defaultActiveKey={sections.map((s, i) => (s.expanded === false ? '' : String(i))).filter(Boolean)}
          items={sections.flatMap((section, index) => {
            const rows = section.controlSetRows.map((row) => row.filter((control) => isControlVisible(control, state.formData, state.datasource))).filter((row) => row.length > 0);
            // A section whose controls are all hidden (e.g. time comparison of a raw-records table) is not shown.
            if (rows.length === 0) return [];
            return {
              key: String(index),
              label: section.label,
              children: rows.map((row, rowIndex) => (
                <div key={rowIndex} style={{ display: 'flex', flexWrap: 'wrap', columnGap: 8 }} data-test="control-row">
                  {row.map((control) => (
                    <div key={control.name} style={cellStyle(control)}>
                      <Control
                        control={control}
                        value={state.formData[control.name]}
                        errors={errors[control.name]}
                        datasource={state.datasource}
                        formData={state.formData}
                        onChange={(value) => dispatch(setControlValue({ name: control.name, value }))}
                      />
                    </div>
                  ))}
                </div>
              )),
            };
          })}
        />
      </div>
      <div style={{ padding: 8, borderTop: '1px solid rgba(0,0,0,0.06)' }}>
        {loading ? (
          <Button block danger onClick={() => dispatch(stopQuery())} data-test="stop-chart-button">
            Stop
          </Button>
        ) : (
          <Tooltip title={messages.length > 0 ? messages.map((message) => <div key={message}>{message}</div>) : undefined}>
            <Button block type="primary" disabled={messages.length > 0} onClick={() => dispatch(runQuery())} data-test="run-query-button">
              {label}
            </Button>
          </Tooltip>
        )}
      </div>
    </div>
  );
}
