import { use as registerEchartsParts } from 'echarts/core';
import { GaugeChart as EGaugeChart } from 'echarts/charts';
import { EchartsRenderer } from '../../echarts/EchartsRenderer';

registerEchartsParts([EGaugeChart]);

export const GaugeChart = EchartsRenderer;
