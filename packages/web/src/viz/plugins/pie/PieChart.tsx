import { use as registerEchartsParts } from 'echarts/core';
import { PieChart as EPieChart } from 'echarts/charts';
import { EchartsRenderer } from '../../echarts/EchartsRenderer';

registerEchartsParts([EPieChart]);

export const PieChart = EchartsRenderer;
