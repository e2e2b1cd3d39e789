import { safeRedirectPath } from '@tessera/core';
import { ROUTES } from '../../../routes';

/**
 * Where the login page goes after signing in: `next` when it is a path on this site, by the rule the server's
 * login redirect also follows (core's safeRedirectPath); never back to login or logout.
 */
export function safeNextPath(next: string | null | undefined): string {
  const path = safeRedirectPath(next, ROUTES.welcome);
  return path.startsWith(ROUTES.login) || path.startsWith(ROUTES.logout) ? ROUTES.welcome : path;
}

/** `/login/?next=<path>` for the page the user tried to open. */
export function loginPathFor(location: { pathname: string; search?: string; hash?: string }): string {
  const here = `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
  return `${ROUTES.login}?next=${encodeURIComponent(here)}`;
}
