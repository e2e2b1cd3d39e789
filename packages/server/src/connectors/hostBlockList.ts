import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a database connection must never go: cloud metadata services and link-local addresses, which answer
 * anyone on the machine (credentials included). Loopback stays allowed: local warehouses are common.
 */
export const DEFAULT_BLOCKED_HOSTS: readonly string[] = ['169.254.0.0/16', 'fe80::/10', 'fd00:ec2::254', 'metadata.google.internal'];

export type AddressLookup = (host: string) => Promise<{ address: string; family: number }[]>;

const lookupAll: AddressLookup = (host) => lookup(host, { all: true, verbatim: true });

/** `[::1]`, `Host.Example.` and `fe80::1%eth0` as the list compares them. */
function normalize(host: string): string {
  return host
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

/** An entry of DB_CONNECTION_BLOCKED_HOSTS: an address, a CIDR range or a host name; null when it is none of them. */
export function parseBlockedHost(entry: string): { kind: 'subnet'; address: string; prefix: number; family: 'ipv4' | 'ipv6' } | { kind: 'name'; name: string } | null {
  const text = normalize(entry);
  if (!text) return null;
  const [address, prefixText, ...rest] = text.split('/');
  const version = isIP(address!);
  if (version !== 0) {
    const max = version === 4 ? 32 : 128;
    const prefix = prefixText === undefined ? max : Number(prefixText);
    if (rest.length > 0 || !Number.isInteger(prefix) || prefix < 0 || prefix > max) return null;
    return { kind: 'subnet', address: address!, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
  }
  if (prefixText !== undefined || !/^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/.test(text)) return null;
  return { kind: 'name', name: text };
}

/**
 * Hosts and address ranges connections are refused to. A name is checked as written and by every address it
 * resolves to, so a DNS name pointing at a metadata address is refused too.
 */
export class HostBlockList {
  private readonly ranges = new BlockList();
  private readonly names = new Set<string>();

  constructor(
    entries: readonly string[],
    private readonly resolve: AddressLookup = lookupAll,
  ) {
    for (const entry of entries) {
      const parsed = parseBlockedHost(entry);
      if (!parsed) throw new Error(`Not a host, address or CIDR range: "${entry}"`);
      if (parsed.kind === 'name') this.names.add(parsed.name);
      else this.ranges.addSubnet(parsed.address, parsed.prefix, parsed.family);
    }
  }

  get empty(): boolean {
    return this.names.size === 0 && this.ranges.rules.length === 0;
  }

  private blockedAddress(address: string): boolean {
    const text = normalize(address);
    const version = isIP(text);
    // IPv4-mapped IPv6 (::ffff:169.254.169.254) is checked against IPv4 ranges by BlockList itself.
    return version !== 0 && this.ranges.check(text, version === 4 ? 'ipv4' : 'ipv6');
  }

  /** What makes `host` blocked (the name, or the address it is or resolves to); null when it may be dialled. */
  async blocked(host: string): Promise<string | null> {
    if (this.empty) return null;
    const name = normalize(host);
    if (this.names.has(name)) return name;
    if (isIP(name) !== 0) return this.blockedAddress(name) ? name : null;
    let addresses: { address: string }[];
    try {
      addresses = await this.resolve(name);
    } catch {
      // A name that does not resolve cannot be dialled either: the driver reports it as such.
      return null;
    }
    return addresses.find((a) => this.blockedAddress(a.address))?.address ?? null;
  }
}
