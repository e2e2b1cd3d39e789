import { use as registerEchartsParts } from 'echarts/core';
import { RadarChart as ERadarChart } from 'echarts/charts';
import { RadarComponent } from 'echarts/components';
import { EchartsRenderer } from '../../echarts/EchartsRenderer';

registerEchartsParts([ERadarChart, RadarComponent]);

export const RadarChart = EchartsRenderer;
