import { describe, expect, it } from 'vitest';
import type { ControlConfig } from '../../../viz/types';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { FLIGHTS_DATASOURCE } from '../../../test/fixtures/exploreDatasource';
import { MetricsControl } from './MetricsControl';

const control: ControlConfig = { name: 'metrics', type: 'MetricsControl', label: 'Metrics' };

describe('MetricsControl', () => {
  it("labels a saved metric's chip with its verbose name, as the datasource panel lists it", () => {
    const datasource = { ...FLIGHTS_DATASOURCE, metrics: [{ metric_name: 'count', verbose_name: 'COUNT(*)', expression: 'COUNT(*)' }, { metric_name: 'plain', expression: 'SUM(1)' }] };
    const adhoc = { expressionType: 'SIMPLE' as const, column: { column_name: 'distance' }, aggregate: 'SUM' as const, label: 'SUM(distance)' };
    renderWithProviders(<MetricsControl control={control} value={['count', 'plain', adhoc]} onChange={() => undefined} datasource={datasource} formData={{ datasource: '7__table', viz_type: 'table' }} />);
    expect([...document.querySelectorAll('[data-test="metric-chip"]')].map((chip) => chip.textContent)).toEqual(['COUNT(*)', 'plain', 'SUM(distance)']);
  });
});
