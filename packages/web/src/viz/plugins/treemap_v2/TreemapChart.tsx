import { use as registerEchartsParts } from 'echarts/core';
import { TreemapChart as ETreemapChart } from 'echarts/charts';
import { EchartsRenderer } from '../../echarts/EchartsRenderer';

registerEchartsParts([ETreemapChart]);

export const TreemapChart = EchartsRenderer;
