import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromColumnArrays } from '../utils/columnarResult';
import { ResultsGrid } from './ResultsGrid';

describe('ResultsGrid', () => {
  it('renders only the visible rows of 1M rows, reading cells on demand', () => {
    const get = vi.fn((row: number) => row * 2);
    const data = { rowCount: 1_000_000, columnNames: ['id', 'double'], columns: [{ get: (row: number) => row }, { get }] };
    render(<ResultsGrid data={data} height={400} onCopy={() => undefined} />);
    const rows = document.querySelectorAll('[data-test="results-row"]');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(60);
    expect(get.mock.calls.length).toBeLessThan(60);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['id', 'double']);
    expect(document.querySelector('[data-test="results-grid"]')?.getAttribute('aria-rowcount')).toBe('1000000');
  });

  it('sorts through a permutation and keeps big integers exact', () => {
    const data = fromColumnArrays(['n'], [[3n, 9007199254740993n, 1n]]);
    render(<ResultsGrid data={data} height={300} onCopy={() => undefined} />);
    const cells = () => [...document.querySelectorAll('[role="cell"]')].map((c) => c.textContent);
    expect(cells()).toEqual(['3', '9007199254740993', '1']);
    fireEvent.click(screen.getByRole('columnheader', { name: /n/ }));
    expect(cells()).toEqual(['1', '3', '9007199254740993']);
    fireEvent.click(screen.getByRole('columnheader', { name: /n/ }));
    expect(cells()).toEqual(['9007199254740993', '3', '1']);
  });

  it('copies a cell on double click and a row from the context menu', () => {
    const onCopy = vi.fn();
    render(<ResultsGrid data={fromColumnArrays(['a', 'b'], [['x'], [null]])} height={300} onCopy={onCopy} />);
    fireEvent.doubleClick(screen.getByTitle('x'));
    expect(onCopy).toHaveBeenCalledWith('x');
    fireEvent.contextMenu(screen.getByTitle('x'));
    fireEvent.click(screen.getByText('Copy row'));
    expect(onCopy).toHaveBeenLastCalledWith('x\tNULL');
  });
});
