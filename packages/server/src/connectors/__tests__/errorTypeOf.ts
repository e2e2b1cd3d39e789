import { ConnectorError } from '../connectorError.js';

/** The catalogue type (and message) a promise rejects with; null when it resolves. */
export async function errorOf(promise: Promise<unknown>): Promise<{ type: string; message: string; extra: Record<string, unknown> } | null> {
  try {
    await promise;
    return null;
  } catch (err) {
    if (err instanceof ConnectorError) return { type: err.errorType, message: err.message, extra: err.extra };
    return { type: `not a ConnectorError: ${err instanceof Error ? err.name : typeof err}`, message: String(err), extra: {} };
  }
}
