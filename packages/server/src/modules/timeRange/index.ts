import { timeRangeRoutes } from './timeRange.routes.js';

/** The time range preview endpoint: pure computation, no store or services. */
export const timeRangeModule = timeRangeRoutes;
