import { use as registerEchartsParts } from 'echarts/core';
import { FunnelChart as EFunnelChart } from 'echarts/charts';
import { EchartsRenderer } from '../../echarts/EchartsRenderer';

registerEchartsParts([EFunnelChart]);

export const FunnelChart = EchartsRenderer;
