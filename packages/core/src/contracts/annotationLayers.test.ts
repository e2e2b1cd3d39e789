import { describe, expect, it } from 'vitest';
import { annotationCreateSchema, annotationTimeToEpoch, CHART_ANNOTATION_SOURCES, chartAnnotationLayers, nativeAnnotationLayers, normalizeAnnotationTime } from './annotationLayers.js';

describe('normalizeAnnotationTime', () => {
  it.each([
    ['2024-03-01', '2024-03-01T00:00:00'],
    ['2024-03-01T10:20', '2024-03-01T10:20:00'],
    ['2024-03-01 10:20:30', '2024-03-01T10:20:30'],
    ['2024-03-01T10:20:30.999Z', '2024-03-01T10:20:30'],
    ['2024-03-01T01:00:00+02:00', '2024-02-29T23:00:00'],
    ['2024-03-01T23:30:00-0130', '2024-03-02T01:00:00'],
  ])('%s is stored as %s', (text, stored) => {
    expect(normalizeAnnotationTime(text)).toBe(stored);
  });

  it.each(['2023-02-29', '2024-13-01', '2024-01-01T24:00', 'next week', '', '99999-01-01'])('refuses %j', (text) => {
    expect(normalizeAnnotationTime(text)).toBeNull();
  });

  it('reads a stored time back as epoch ms in UTC', () => {
    expect(annotationTimeToEpoch('2024-03-01T10:20:30')).toBe(Date.UTC(2024, 2, 1, 10, 20, 30));
  });

  it('parses an annotation body into stored times', () => {
    const parsed = annotationCreateSchema.parse({ short_descr: ' v1 ', start_dttm: '2024-03-01', end_dttm: '2024-03-02T12:00:00Z' });
    expect(parsed).toMatchObject({ short_descr: 'v1', start_dttm: '2024-03-01T00:00:00', end_dttm: '2024-03-02T12:00:00' });
  });
});

describe('nativeAnnotationLayers', () => {
  it('keeps shown native EVENT and INTERVAL layers with a layer id, in order', () => {
    const layers = [
      { name: 'Releases', annotationType: 'EVENT', sourceType: 'NATIVE', value: 3, show: true },
      { name: 'Goal', annotationType: 'FORMULA', sourceType: '', value: '2*x' },
      { name: 'Outages', annotationType: 'INTERVAL', sourceType: 'NATIVE', value: '7' },
      { name: 'Hidden', annotationType: 'EVENT', sourceType: 'NATIVE', value: 4, show: false },
      { name: 'Unpicked', annotationType: 'EVENT', sourceType: 'NATIVE', value: '' },
      { name: 'From a table', annotationType: 'EVENT', sourceType: 'table', value: 5 },
      { name: '', annotationType: 'EVENT', sourceType: 'NATIVE', value: 6 },
      null,
      'junk',
    ];
    expect(nativeAnnotationLayers(layers)).toEqual([
      { name: 'Releases', layerId: 3, annotationType: 'EVENT' },
      { name: 'Outages', layerId: 7, annotationType: 'INTERVAL' },
    ]);
    expect(nativeAnnotationLayers(undefined)).toEqual([]);
  });
});

describe('chartAnnotationLayers', () => {
  it('keeps shown chart-sourced event, interval and time-series layers with their overrides', () => {
    const layers = [
      { name: 'Deploys', annotationType: 'EVENT', sourceType: 'table', value: 12, show: true, overrides: { time_range: null, since: 'x' } },
      { name: 'Trend', annotationType: 'TIME_SERIES', sourceType: 'echarts_timeseries_line', value: '13', overrides: { time_grain_sqla: 'P1M', time_range: 'Last year' } },
      { name: 'Hidden', annotationType: 'INTERVAL', sourceType: 'table', value: 14, show: false, overrides: {} },
      { name: 'Native', annotationType: 'EVENT', sourceType: 'NATIVE', value: 3, overrides: {} },
      { name: 'Formula', annotationType: 'FORMULA', sourceType: '', value: 'x', overrides: {} },
      { name: 'No chart', annotationType: 'EVENT', sourceType: 'table', value: '', overrides: {} },
      { name: 'Blank grain', annotationType: 'INTERVAL', sourceType: 'table', value: 15, overrides: { time_grain_sqla: '' } },
      null,
    ];
    expect(chartAnnotationLayers(layers)).toEqual([
      { name: 'Deploys', chartId: 12, annotationType: 'EVENT', overrides: { time_range: null } },
      { name: 'Trend', chartId: 13, annotationType: 'TIME_SERIES', overrides: { time_range: 'Last year', time_grain_sqla: 'P1M' } },
      { name: 'Blank grain', chartId: 15, annotationType: 'INTERVAL', overrides: { time_grain_sqla: null } },
    ]);
  });

  it('says which layer types each source chart type can feed', () => {
    expect(CHART_ANNOTATION_SOURCES.table).toEqual(['EVENT', 'INTERVAL']);
    expect(CHART_ANNOTATION_SOURCES.echarts_timeseries_line).toContain('TIME_SERIES');
    expect(CHART_ANNOTATION_SOURCES.pie).toBeUndefined();
  });
});
