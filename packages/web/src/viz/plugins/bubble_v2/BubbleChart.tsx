import { use as registerEchartsParts } from 'echarts/core';
import { ScatterChart as EScatterChart } from 'echarts/charts';
import { EchartsRenderer } from '../../echarts/EchartsRenderer';

registerEchartsParts([EScatterChart]);

export const BubbleChart = EchartsRenderer;
