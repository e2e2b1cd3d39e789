import { createContext } from 'react';

/**
 * Whether ECharts charts animate their drawing. A dashboard turns it off: forty charts easing in at once keep the
 * main thread drawing frames for a second or more after their answers came, and a chart reports itself drawn
 * (ECharts' `finished`) only when its animation ends. Kept apart from EChart.tsx so that providing it does not pull
 * ECharts into the page's own chunk.
 */
export const EChartAnimationContext = createContext(true);
