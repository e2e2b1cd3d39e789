import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_DELAY_MS, AUTOSAVE_FAILED, createAutoSaver } from './autoSaver';

afterEach(() => vi.restoreAllMocks());

describe('autoSaver (EditorAutoSync)', () => {
  it('saves once, 5 s after the last edit of a tab, with the latest payload', async () => {
    vi.useFakeTimers();
    const save = vi.fn(async () => undefined);
    const saver = createAutoSaver<{ sql: string }>(save);
    saver.schedule('1', { sql: 'a' });
    await vi.advanceTimersByTimeAsync(4000);
    saver.schedule('1', { sql: 'ab' });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 1);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('1', { sql: 'ab' });
  });

  it('debounces tabs independently and flushes pending ones at once', async () => {
    vi.useFakeTimers();
    const save = vi.fn(async () => undefined);
    const beacon = vi.fn();
    const saver = createAutoSaver<string>(save);
    saver.schedule('1', 'x');
    saver.schedule('2', 'y');
    saver.flush(beacon);
    await vi.advanceTimersByTimeAsync(0);
    expect(beacon.mock.calls).toEqual([
      ['1', 'x'],
      ['2', 'y'],
    ]);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2);
    expect(save).not.toHaveBeenCalled();
  });

  it('only warns on the console when saving fails', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const saver = createAutoSaver<string>(async () => {
      throw new Error('down');
    });
    saver.schedule('1', 'x');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(warn).toHaveBeenCalledWith(AUTOSAVE_FAILED);
  });
});
