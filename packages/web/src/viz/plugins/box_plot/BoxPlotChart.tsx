import { use as registerEchartsParts } from 'echarts/core';
import { BoxplotChart as EBoxplotChart, ScatterChart as EScatterChart } from 'echarts/charts';
import { EchartsRenderer } from '../../echarts/EchartsRenderer';

registerEchartsParts([EBoxplotChart, EScatterChart]);

export const BoxPlotChart = EchartsRenderer;
