import { use as registerEchartsParts } from 'echarts/core';
import { ScatterChart, LineChart } from 'echarts/charts';
import { DataZoomComponent, MarkAreaComponent, MarkLineComponent } from 'echarts/components';
import { EchartsRenderer } from '../../echarts/EchartsRenderer';

registerEchartsParts([ScatterChart, LineChart, DataZoomComponent, MarkLineComponent, MarkAreaComponent]);

export const TimeseriesScatterChart = EchartsRenderer;
