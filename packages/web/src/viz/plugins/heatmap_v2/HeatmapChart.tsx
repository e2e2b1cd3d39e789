import { use as registerEchartsParts } from 'echarts/core';
import { HeatmapChart as EHeatmapChart } from 'echarts/charts';
import { VisualMapComponent } from 'echarts/components';
import { EchartsRenderer } from '../../echarts/EchartsRenderer';

registerEchartsParts([EHeatmapChart, VisualMapComponent]);

export const HeatmapChart = EchartsRenderer;
