import { use as registerEchartsParts } from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { DataZoomComponent, MarkAreaComponent, MarkLineComponent } from 'echarts/components';
import { EchartsRenderer } from '../../echarts/EchartsRenderer';

registerEchartsParts([LineChart, DataZoomComponent, MarkLineComponent, MarkAreaComponent]);

export const TimeseriesStepChart = EchartsRenderer;
