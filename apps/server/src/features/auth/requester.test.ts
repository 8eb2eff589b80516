import { describe, expect, it } from 'vitest';
import { requesterOf } from './requester.ts';

describe('requesterOf', () => {
  it('keeps an IPv4 address, also written as IPv6', () => {
    expect(requesterOf('203.0.113.7')).toBe('203.0.113.7');
    expect(requesterOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(requesterOf('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64 network, however it is written', () => {
    const network = '2001:db8:0:1::/64';
    expect(requesterOf('2001:db8:0:1::1')).toBe(network);
    expect(requesterOf('2001:0DB8:0000:0001:ffff:ffff:ffff:ffff')).toBe(network);
    expect(requesterOf('2001:db8:0:1:a:b:1.2.3.4')).toBe(network);
    expect(requesterOf('2001:db8:0:1::5%eth0')).toBe(network);
    expect(requesterOf('2001:db8:0:2::1')).not.toBe(network);
    expect(requesterOf('::1')).toBe('0:0:0:0::/64');
    expect(requesterOf('fe80::1')).toBe('fe80:0:0:0::/64');
  });
});
