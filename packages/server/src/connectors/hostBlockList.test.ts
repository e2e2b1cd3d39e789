import { describe, expect, it } from 'vitest';
import { DEFAULT_BLOCKED_HOSTS, HostBlockList, parseBlockedHost } from './hostBlockList.js';

describe('HostBlockList', () => {
  const defaults = new HostBlockList(DEFAULT_BLOCKED_HOSTS);

  it('blocks cloud metadata and link-local addresses however they are written, and lets loopback and others through', async () => {
    for (const host of ['169.254.169.254', '169.254.0.1', '[fe80::1]', 'fe80::1%eth0', 'FD00:EC2::254', '::ffff:169.254.169.254', 'Metadata.Google.Internal.', '2852039166']) {
      expect(await defaults.blocked(host), host).not.toBeNull();
    }
    for (const host of ['127.0.0.1', '::1', 'localhost', '10.0.0.5', 'db.example.invalid', '169.253.255.255']) {
      expect(await defaults.blocked(host), host).toBeNull();
    }
  });

  it('blocks a name by the addresses it resolves to', async () => {
    const list = new HostBlockList(['169.254.0.0/16'], async (host) =>
      host === 'rebind.example' ? [{ address: '203.0.113.9', family: 4 }, { address: '169.254.169.254', family: 4 }] : [{ address: '203.0.113.9', family: 4 }],
    );
    expect(await list.blocked('rebind.example')).toBe('169.254.169.254');
    expect(await list.blocked('fine.example')).toBeNull();
    // The machine's own resolver: localhost is loopback, blocked only when loopback is listed.
    expect(await new HostBlockList(['127.0.0.0/8', '::1']).blocked('localhost')).not.toBeNull();
    expect(await new HostBlockList([]).blocked('169.254.169.254')).toBeNull();
  });

  it('reads configuration entries: addresses, CIDR ranges and names, nothing else', () => {
    expect(parseBlockedHost('169.254.0.0/16')).toEqual({ kind: 'subnet', address: '169.254.0.0', prefix: 16, family: 'ipv4' });
    expect(parseBlockedHost('fd00:ec2::254')).toEqual({ kind: 'subnet', address: 'fd00:ec2::254', prefix: 128, family: 'ipv6' });
    expect(parseBlockedHost('Metadata.Google.Internal')).toEqual({ kind: 'name', name: 'metadata.google.internal' });
    for (const bad of ['10.0.0.0/33', 'fe80::/129', 'a b', 'host/8', '1.2.3.4/8/1', '']) expect(parseBlockedHost(bad), bad).toBeNull();
  });
});
