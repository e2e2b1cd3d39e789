import { useEffect } from 'react';
import { use as registerEchartsParts } from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { EChart } from '../../echarts/EChart';
import { BigNumberView } from '../../shared/bigNumber/BigNumberView';
import type { RendererProps } from '../../types';
import type { BigNumberTrendProps } from './transformProps';

registerEchartsParts([LineChart]);

export function BigNumberChart({ props, width, height, onRendered, onRenderError }: RendererProps<BigNumberTrendProps>) {
  const { trendline, ...text } = props;
  const trendHeight = trendline ? Math.floor(height * 0.4) : 0;
  useEffect(() => {
    // Without a trend line nothing asynchronous is drawn: the text is the whole chart.
    if (!trendline) onRendered?.();
  }, [trendline, onRendered]);
  return (
    <BigNumberView {...text} width={width} height={height} trendlineHeight={trendHeight}>
      {trendline && <EChart option={trendline} width={width} height={trendHeight} onRendered={onRendered} onRenderError={onRenderError} />}
    </BigNumberView>
  );
}
