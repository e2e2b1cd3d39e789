import { describe, expect, it } from 'vitest';
import { datasetLabel } from './datasetLabel';
import { missingChoice } from './missingChoice';
import { newChartPath } from './newChartPath';

describe('newChartPath', () => {
  it("opens the explorer on the dataset with the chart type, in Superset's form", () => {
    expect(newChartPath(3, 'pie')).toBe('/explore/?viz_type=pie&datasource=3__table');
    expect(newChartPath(12, 'echarts_timeseries_bar')).toBe('/explore/?viz_type=echarts_timeseries_bar&datasource=12__table');
  });
});

describe('missingChoice', () => {
  it('names what is still missing, and nothing once both are chosen', () => {
    expect(missingChoice(false, false)).toBe('Choose a dataset and a chart type to continue');
    expect(missingChoice(false, true)).toBe('Choose a dataset to continue');
    expect(missingChoice(true, false)).toBe('Choose a chart type to continue');
    expect(missingChoice(true, true)).toBeNull();
  });
});

describe('datasetLabel', () => {
  it('shows schema.table, or the table alone', () => {
    expect(datasetLabel({ schema: 'main', table_name: 'flights' })).toBe('main.flights');
    expect(datasetLabel({ schema: null, table_name: 'flights' })).toBe('flights');
  });
});
