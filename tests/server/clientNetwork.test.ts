import { describe, expect, it } from 'vitest';
import { clientNetwork } from '../../server/clientNetwork';

describe('clientNetwork', () => {
  it('keeps an IPv4 address, maps ::ffff:IPv4 to it, and groups IPv6 by /64', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(clientNetwork('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('counts two addresses of one /64 as one client, of two /64s as two', () => {
    expect(clientNetwork('2001:db8:1:2::1')).toBe(clientNetwork('2001:db8:1:2:ffff::9'));
    expect(clientNetwork('2001:db8:1:2::1')).not.toBe(clientNetwork('2001:db8:1:3::1'));
  });

  it('answers anything else as it came', () => {
    expect(clientNetwork('not an ip')).toBe('not an ip');
  });
});
