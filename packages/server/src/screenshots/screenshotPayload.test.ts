import { describe, expect, it } from 'vitest';
import {
  computingPayload,
  ERROR_RETRY_MS,
  errorPayload,
  IN_FLIGHT_STALE_MS,
  isInFlight,
  payloadTtlS,
  pendingPayload,
  shouldTriggerRender,
  updatedPayload,
  UPDATED_TTL_S,
} from './screenshotPayload.js';

const owner = { chartId: 7, userId: 3 };
const T0 = Date.parse('2026-01-02T03:04:05.000Z');

describe('screenshot payload', () => {
  it('keeps Superset status, the time of the change and the picture', () => {
    expect(pendingPayload(owner, T0)).toEqual({ chartId: 7, userId: 3, status: 'Pending', updatedAt: '2026-01-02T03:04:05.000Z', image: null, error: null });
    expect(computingPayload(owner, T0).status).toBe('Computing');
    const png = Buffer.from([1, 2, 3]);
    expect(updatedPayload(owner, png, T0)).toMatchObject({ status: 'Updated', image: png, error: null });
    expect(errorPayload(owner, 'no browser', T0)).toMatchObject({ status: 'Error', image: null, error: 'no browser' });
  });

  it('queues a render for nothing cached, and for a forced one unless one is in flight', () => {
    expect(shouldTriggerRender(null, false, T0)).toBe(true);
    expect(shouldTriggerRender(updatedPayload(owner, Buffer.from([1]), T0), false, T0 + 1)).toBe(false);
    expect(shouldTriggerRender(updatedPayload(owner, Buffer.from([1]), T0), true, T0 + 1)).toBe(true);
    for (const inFlight of [pendingPayload(owner, T0), computingPayload(owner, T0)]) {
      expect(isInFlight(inFlight, T0 + 1000)).toBe(true);
      expect(shouldTriggerRender(inFlight, false, T0 + 1000)).toBe(false);
      expect(shouldTriggerRender(inFlight, true, T0 + 1000)).toBe(false);
    }
  });

  it('takes a render in flight for too long for lost, and tries a failure again after a while', () => {
    const lost = computingPayload(owner, T0);
    expect(isInFlight(lost, T0 + IN_FLIGHT_STALE_MS + 1)).toBe(false);
    expect(shouldTriggerRender(lost, false, T0 + IN_FLIGHT_STALE_MS + 1)).toBe(true);
    const failed = errorPayload(owner, 'boom', T0);
    expect(shouldTriggerRender(failed, false, T0 + 1000)).toBe(false);
    expect(shouldTriggerRender(failed, true, T0 + 1000)).toBe(true);
    expect(shouldTriggerRender(failed, false, T0 + ERROR_RETRY_MS + 1)).toBe(true);
  });

  it('keeps pictures a week and in-flight states only as long as they may be alive', () => {
    expect(payloadTtlS(updatedPayload(owner, Buffer.from([1]), T0))).toBe(UPDATED_TTL_S);
    expect(payloadTtlS(pendingPayload(owner, T0))).toBe(IN_FLIGHT_STALE_MS / 1000);
    expect(payloadTtlS(errorPayload(owner, 'x', T0))).toBeGreaterThan(ERROR_RETRY_MS / 1000);
  });
});
