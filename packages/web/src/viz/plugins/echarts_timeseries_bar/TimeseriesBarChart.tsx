import { use as registerEchartsParts } from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { DataZoomComponent, MarkAreaComponent, MarkLineComponent } from 'echarts/components';
import { EchartsRenderer } from '../../echarts/EchartsRenderer';

registerEchartsParts([BarChart, LineChart, DataZoomComponent, MarkLineComponent, MarkAreaComponent]);

export const TimeseriesBarChart = EchartsRenderer;
