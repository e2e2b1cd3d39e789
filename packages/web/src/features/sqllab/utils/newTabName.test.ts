import { describe, expect, it } from 'vitest';
import { cloneTabName, newTabName } from './newTabName';

describe('tab names', () => {
  it('numbers new tabs after the highest existing number', () => {
    expect(newTabName([])).toBe('Untitled Query 1');
    expect(newTabName(['Untitled Query 1', 'Untitled Query 2'])).toBe('Untitled Query 3');
    expect(newTabName(['Untitled Query 7', 'Untitled Query 2', 'My query'])).toBe('Untitled Query 8');
    expect(newTabName(['Untitled Query x', 'Untitled Query 1.5', 'Sales'])).toBe('Untitled Query 1');
  });

  it('names a clone "Copy of %s"', () => {
    expect(cloneTabName('Sales')).toBe('Copy of Sales');
  });
});
