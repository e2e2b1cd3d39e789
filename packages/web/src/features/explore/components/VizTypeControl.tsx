import { useState } from 'react';
import { Button, Typography } from 'antd';
import { getChartPlugin } from '../../chart';
import { changeVizType } from '../state/exploreSlice';
import { useExploreDispatch, useExploreState } from '../state/ExploreContext';
import { flattenControls } from '../utils/controls';
import { recordVizTypeUse, thumbnailSrc } from '../utils/vizUsage';
import { VizTypePicker } from './VizTypePicker';

/** The current chart type, and the gallery to change it (controls transfer, spec §4). */
export function VizTypeControl() {
  const { formData } = useExploreState();
  const dispatch = useExploreDispatch();
  const [open, setOpen] = useState(false);
  const plugin = getChartPlugin(formData.viz_type);
  const select = (vizType: string) => {
    setOpen(false);
    const next = getChartPlugin(vizType);
    if (!next) return;
    recordVizTypeUse(vizType);
    dispatch(changeVizType({ vizType, controls: flattenControls(next.controlPanel), transferable: next.controlPanel.transferable ?? [] }));
  };
  return (
    <div style={{ marginBottom: 12 }} data-test="viz-type-control">
      <Typography.Text strong style={{ fontSize: 12, display: 'block', marginBottom: 4 }}>
        Chart type
      </Typography.Text>
      <Button block onClick={() => setOpen(true)} data-test="viz-type-button" style={{ justifyContent: 'flex-start' }}>
        {plugin ? <img src={thumbnailSrc(plugin.metadata.thumbnail)} alt="" style={{ width: 24, height: 16, objectFit: 'contain' }} /> : null}
        {plugin?.metadata.name ?? formData.viz_type}
      </Button>
      {open ? <VizTypePicker open current={formData.viz_type} onSelect={select} onCancel={() => setOpen(false)} /> : null}
    </div>
  );
}
