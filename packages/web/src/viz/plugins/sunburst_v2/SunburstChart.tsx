import { use as registerEchartsParts } from 'echarts/core';
import { SunburstChart as ESunburstChart } from 'echarts/charts';
import { VisualMapComponent } from 'echarts/components';
import { EchartsRenderer } from '../../echarts/EchartsRenderer';

registerEchartsParts([ESunburstChart, VisualMapComponent]);

export const SunburstChart = EchartsRenderer;
