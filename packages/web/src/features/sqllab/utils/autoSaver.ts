export const AUTOSAVE_DELAY_MS = 5000;
export const AUTOSAVE_FAILED = 'An error occurred while saving your editor state.';

export interface AutoSaver<T> {
  /** (Re)starts the debounce of one tab with its latest payload. */
  schedule(id: string, payload: T): void;
  /** Sends every pending payload now through `send` (e.g. a keepalive fetch on page hide). */
  flush(send?: (id: string, payload: T) => unknown): void;
  pendingIds(): string[];
  cancel(id: string): void;
  dispose(): void;
}

/** Debounced per-tab saving (EditorAutoSync): a failure only warns on the console. */
export function createAutoSaver<T>(save: (id: string, payload: T) => Promise<unknown>, delay = AUTOSAVE_DELAY_MS): AutoSaver<T> {
  const pending = new Map<string, { payload: T; timer: ReturnType<typeof setTimeout> }>();

  const run = (id: string, send: (id: string, payload: T) => unknown) => {
    const entry = pending.get(id);
    if (!entry) return;
    clearTimeout(entry.timer);
    pending.delete(id);
    Promise.resolve()
      .then(() => send(id, entry.payload))
      .catch(() => console.warn(AUTOSAVE_FAILED));
  };

  return {
    schedule(id, payload) {
      const previous = pending.get(id);
      if (previous) clearTimeout(previous.timer);
      pending.set(id, { payload, timer: setTimeout(() => run(id, save), delay) });
    },
    flush(send = save) {
      for (const id of [...pending.keys()]) run(id, send);
    },
    pendingIds: () => [...pending.keys()],
    cancel(id) {
      const entry = pending.get(id);
      if (entry) clearTimeout(entry.timer);
      pending.delete(id);
    },
    dispose() {
      for (const entry of pending.values()) clearTimeout(entry.timer);
      pending.clear();
    },
  };
}
