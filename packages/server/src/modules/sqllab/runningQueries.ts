import type { ConnectorHandle } from '../../connectors/types.js';

export interface RunningQuery {
  handle: ConnectorHandle;
  /** The engine's cancel key, once the current statement has started. */
  key: string | null;
  abort: AbortController;
}

/** Runs executing in this process, by client_id, so a stop can cancel them in the engine at once. */
export class RunningQueries {
  private readonly byClientId = new Map<string, RunningQuery>();

  add(clientId: string, entry: RunningQuery): void {
    this.byClientId.set(clientId, entry);
  }

  get(clientId: string): RunningQuery | undefined {
    return this.byClientId.get(clientId);
  }

  delete(clientId: string): void {
    this.byClientId.delete(clientId);
  }

  /** Cancels in the engine (by key) and aborts the run; false when the run is not in this process. */
  async cancel(clientId: string): Promise<boolean> {
    const entry = this.byClientId.get(clientId);
    if (!entry) return false;
    entry.abort.abort();
    if (entry.key !== null) await entry.handle.cancel(entry.key).catch(() => false);
    return true;
  }

  async cancelAll(): Promise<void> {
    await Promise.all([...this.byClientId.keys()].map((id) => this.cancel(id)));
  }
}
