import { use as registerEchartsParts } from 'echarts/core';
import { LineChart as ELineChart, BarChart as EBarChart, ScatterChart as EScatterChart } from 'echarts/charts';
import { DataZoomComponent, MarkLineComponent, MarkAreaComponent } from 'echarts/components';
import { EchartsRenderer } from '../../echarts/EchartsRenderer';

registerEchartsParts([ELineChart, EBarChart, EScatterChart, DataZoomComponent, MarkLineComponent, MarkAreaComponent]);

export const MixedTimeseriesChart = EchartsRenderer;
