import { use as registerEchartsParts } from 'echarts/core';
import { BarChart as EBarChart } from 'echarts/charts';
import { EchartsRenderer } from '../../echarts/EchartsRenderer';

registerEchartsParts([EBarChart]);

export const HistogramChart = EchartsRenderer;
