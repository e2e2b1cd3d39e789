import { controls as c } from '../../controlSets';
import { timeseriesControlPanel } from '../../shared/timeseries/timeseriesControlPanel';

export const controlPanel = timeseriesControlPanel({ area: true, customize: [[c.select('seriesType', 'Step type', [['start', 'Start'], ['middle', 'Middle'], ['end', 'End']], 'start', { renderTrigger: true })]] });
