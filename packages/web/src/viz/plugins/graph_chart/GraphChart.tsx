import { use as registerEchartsParts } from 'echarts/core';
import { GraphChart as EGraphChart } from 'echarts/charts';
import { EchartsRenderer } from '../../echarts/EchartsRenderer';

registerEchartsParts([EGraphChart]);

export const GraphChart = EchartsRenderer;
