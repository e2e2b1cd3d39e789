import { describe, expect, it } from 'vitest';
import { chartsSettled } from './useReportRenderState';

function grid(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

const slot = (inner: string) => `<div data-test="dashboard-component-chart">${inner}</div>`;

describe('report mode settles when every shown chart is done', () => {
  it('waits while a chart loads or has not mounted its holder yet', () => {
    expect(chartsSettled(grid(slot('<div data-test="chart-container" data-status="rendered"></div>') + slot('<div data-test="chart-loading"></div>')))).toBe(false);
    expect(chartsSettled(grid(slot('')))).toBe(false);
    expect(chartsSettled(grid(slot('<div data-test="chart-container" data-status="success"></div>')))).toBe(false);
  });

  it('is done when each chart drew, failed, came back empty or is missing', () => {
    const html = [
      slot('<div data-test="chart-container" data-status="rendered"></div>'),
      slot('<div data-test="chart-error"></div>'),
      slot('<div data-test="chart-empty"></div>'),
      slot('<div data-test="missing-chart"></div>'),
    ].join('');
    expect(chartsSettled(grid(html))).toBe(true);
  });

  it('is done at once for a dashboard without charts', () => {
    expect(chartsSettled(grid('<div data-test="dashboard-component-markdown"></div>'))).toBe(true);
  });
});
