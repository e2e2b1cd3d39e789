import { lookup } from 'node:dns/promises';
import { connect } from 'node:net';

/** Superset's is_hostname_valid: does the name resolve at all. */
export async function hostResolves(host: string): Promise<boolean> {
  try {
    await lookup(host);
    return true;
  } catch {
    return false;
  }
}

/** Superset's is_port_open: a TCP connection can be opened within `timeoutMs`. */
export function portIsOpen(host: string, port: number, timeoutMs = 3000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
