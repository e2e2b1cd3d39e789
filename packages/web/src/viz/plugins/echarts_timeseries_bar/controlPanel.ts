import { controls as c } from '../../controlSets';
import { timeseriesControlPanel } from '../../shared/timeseries/timeseriesControlPanel';

export const controlPanel = timeseriesControlPanel({ markers: false, customize: [[c.select('orientation', 'Bar orientation', [['vertical', 'Vertical'], ['horizontal', 'Horizontal']], 'vertical', { renderTrigger: true })]] });
