import { timeseriesControlPanel } from '../../shared/timeseries/timeseriesControlPanel';

export const controlPanel = timeseriesControlPanel({});
