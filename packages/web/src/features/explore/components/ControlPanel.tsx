import { Button, Collapse, Tooltip } from 'antd';
import { setControlValue, runQuery, stopQuery } from '../state/exploreSlice';
import { useExploreDispatch, useExploreState } from '../state/ExploreContext';
import { selectControlErrors } from '../state/selectors';
import { Control } from '../controls/Control';
import { describeErrors, isControlVisible } from '../utils/controls';
import { getChartPlugin } from '../../chart';
import { VizTypeControl } from './VizTypeControl';

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
                <div key={rowIndex} style={{ display: 'flex', gap: 8 }}>
                  {row.map((control) => (
                    <div key={control.name} style={{ flex: 1, minWidth: 0 }}>
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
