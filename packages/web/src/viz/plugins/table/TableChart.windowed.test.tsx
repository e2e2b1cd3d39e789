import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { FormData } from '@tessera/core';
import { TableChart } from './TableChart';
import { transformProps } from './transformProps';
import { visibleRows, WINDOWED_MIN_ROWS } from '../../shared/useRowWindow';
import { chartProps, chartResult } from '../../shared/testing/fixtures';

const formData: FormData = { datasource: '5__table', viz_type: 'table', query_mode: 'raw', all_columns: ['carrier', 'distance'], page_length: 0 };
const many = Array.from({ length: 50_000 }, (_, i) => ({ carrier: `c${i}`, distance: i }));
const drawnRows = () => Array.from(screen.getByTestId('table-chart').querySelectorAll('tbody tr[data-row]'));

describe('a long table draws only the rows in view', () => {
  it('picks the rows around the scrolled-to place', () => {
    expect(visibleRows(50_000, 0, 400, 25, 10)).toEqual({ start: 0, end: 26 });
    expect(visibleRows(50_000, 25_000, 400, 25, 10)).toEqual({ start: 990, end: 1026 });
    expect(visibleRows(30, 10_000, 400, 25, 10)).toEqual({ start: 30, end: 30 });
  });

  it('50,000 raw records with page length "All" draw a few dozen rows, and others on scrolling', () => {
    render(<TableChart props={transformProps(chartProps(formData, [chartResult(many)]))} width={600} height={400} />);
    const first = drawnRows();
    expect(first.length).toBeGreaterThan(10);
    expect(first.length).toBeLessThan(200);
    expect(first[0]!.textContent).toBe('c00');
    // The blank space below keeps the scroll height of every row.
    const spacer = screen.getByTestId('table-chart').querySelector('tbody tr:last-child') as HTMLElement;
    expect(parseFloat(spacer.style.height)).toBeGreaterThan(40_000 * 20);

    const box = screen.getByTestId('table-chart');
    box.scrollTop = 27 * 20_000;
    fireEvent.scroll(box);
    const texts = drawnRows().map((r) => r.textContent);
    expect(texts.some((t) => t!.startsWith('c20000'))).toBe(true);
    expect(texts).not.toContain('c00');
  });

  it('short tables are drawn whole', () => {
    const few = many.slice(0, WINDOWED_MIN_ROWS);
    render(<TableChart props={transformProps(chartProps(formData, [chartResult(few)]))} width={600} height={400} />);
    expect(drawnRows()).toHaveLength(WINDOWED_MIN_ROWS);
  });
});
