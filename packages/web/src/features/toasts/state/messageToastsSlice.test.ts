import { describe, expect, it } from 'vitest';
import { TOAST_TYPES } from '@tessera/core';
import { addToast, messageToastsSlice, removeToast, type MessageToastsState } from './messageToastsSlice';

const reduce = (state: MessageToastsState, action: Parameters<typeof messageToastsSlice.reducer>[1]) =>
  messageToastsSlice.reducer(state, action);

describe('messageToasts', () => {
  it.each([
    ['INFO_TOAST', 4000],
    ['SUCCESS_TOAST', 4000],
    ['WARNING_TOAST', 6000],
    ['DANGER_TOAST', 8000],
  ] as const)('gives a %s a duration of %i ms', (type, duration) => {
    expect(addToast(type, 'hello').payload.duration).toBe(duration);
  });

  it('makes ids "<TYPE>-<random>", unique per toast', () => {
    for (const type of TOAST_TYPES) {
      expect(addToast(type, 'x').payload.id).toMatch(new RegExp(`^${type}-[a-z0-9]{6,}$`));
    }
    expect(addToast('INFO_TOAST', 'x').payload.id).not.toBe(addToast('INFO_TOAST', 'x').payload.id);
  });

  it('suppresses a noDuplicate toast whose text is already shown', () => {
    let state = reduce([], addToast('INFO_TOAST', 'Saved'));
    state = reduce(state, addToast('SUCCESS_TOAST', 'Saved', { noDuplicate: true }));
    expect(state).toHaveLength(1);
    state = reduce(state, addToast('SUCCESS_TOAST', 'Other', { noDuplicate: true }));
    expect(state).toHaveLength(2);
  });

  it('shows duplicates without noDuplicate', () => {
    let state = reduce([], addToast('INFO_TOAST', 'Saved'));
    state = reduce(state, addToast('INFO_TOAST', 'Saved'));
    expect(state).toHaveLength(2);
  });

  it('removes a toast by id', () => {
    const action = addToast('WARNING_TOAST', 'Careful');
    const state = reduce(reduce([], action), removeToast(action.payload.id));
    expect(state).toEqual([]);
  });
});
