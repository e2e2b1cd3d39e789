import { GUEST_TOKEN_HEADER } from '@tessera/core';

let current: string | null = null;

/**
 * The guest token of an embedded dashboard (handed over by the host page through the embedded SDK). While one is
 * set, every API call carries it in X-GuestToken and acts as that guest; CSRF tokens are not used (Superset's rule).
 */
export function setGuestToken(token: string | null): void {
  current = token;
}

export function getGuestToken(): string | null {
  return current;
}

/** The header to add to an API call: the guest token when one is set, else nothing. */
export function guestTokenHeaders(): Record<string, string> {
  return current ? { [GUEST_TOKEN_HEADER]: current } : {};
}
