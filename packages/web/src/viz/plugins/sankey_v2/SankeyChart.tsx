import { use as registerEchartsParts } from 'echarts/core';
import { SankeyChart as ESankeyChart } from 'echarts/charts';
import { EchartsRenderer } from '../../echarts/EchartsRenderer';

registerEchartsParts([ESankeyChart]);

export const SankeyChart = EchartsRenderer;
