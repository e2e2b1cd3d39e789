import { describe, expect, it } from 'vitest';
import type { ControlConfig } from '../../../viz/types';
import { splitPastedText, standardizeSelectValue, withCreatedOption } from './selectValue';

const single: ControlConfig = { name: 'row_limit', type: 'SelectControl', label: 'Row limit', choices: [[10, '10'], [100, '100']] };
const multi: ControlConfig = { ...single, name: 'cols', multi: true, choices: [['a', 'A'], ['b', 'B']] };

describe('select value rules (spec §5)', () => {
  it('drops a single value that is not a choice, to null', () => {
    expect(standardizeSelectValue(single, 42)).toBeNull();
    expect(standardizeSelectValue(single, 100)).toBe(100);
    // A value from an address ('10') matches the numeric choice and takes its type.
    expect(standardizeSelectValue(single, '10')).toBe(10);
    expect(standardizeSelectValue(single, [100, 10])).toBe(100);
    expect(standardizeSelectValue(single, '')).toBeNull();
  });

  it('makes multi values a list and drops those not among the choices', () => {
    expect(standardizeSelectValue(multi, 'a')).toEqual(['a']);
    expect(standardizeSelectValue(multi, ['a', 'z', 'b'])).toEqual(['a', 'b']);
    expect(standardizeSelectValue(multi, null)).toEqual([]);
  });

  it('keeps typed values when new options are allowed', () => {
    expect(standardizeSelectValue({ ...multi, freeForm: true }, ['a', 'z'])).toEqual(['a', 'z']);
    expect(standardizeSelectValue({ ...single, freeForm: true }, 'anything')).toBe('anything');
  });

  it('splits pasted text on comma, newline, tab and semicolon, without blanks or repeats', () => {
    expect(splitPastedText('a, b\nc\td;e;;a')).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('adds typed text as an option unless it already exists', () => {
    const options = [{ value: 'x', label: 'X' }];
    expect(withCreatedOption(options, ' y ')).toEqual([...options, { value: 'y', label: 'y' }]);
    expect(withCreatedOption(options, 'x')).toBe(options);
    expect(withCreatedOption(options, '  ')).toBe(options);
  });
});
