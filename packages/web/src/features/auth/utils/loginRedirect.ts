import { ROUTES } from '../../../routes';

/** An address is external if it has a scheme, a double slash or a host (spec §2); only internal paths are followed. */
export function safeNextPath(next: string | null | undefined): string {
  if (!next) return ROUTES.welcome;
  const external = /^[a-z][a-z0-9+.-]*:/i.test(next) || next.startsWith('//') || next.includes('\\') || !next.startsWith('/');
  if (external || next.startsWith(ROUTES.login) || next.startsWith(ROUTES.logout)) return ROUTES.welcome;
  return next;
}

/** `/login/?next=<path>` for the page the user tried to open. */
export function loginPathFor(location: { pathname: string; search?: string; hash?: string }): string {
  const here = `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
  return `${ROUTES.login}?next=${encodeURIComponent(here)}`;
}
