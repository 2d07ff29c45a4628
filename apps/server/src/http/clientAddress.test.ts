import { describe, expect, it } from 'vitest';
import { normalizeAddress, parseTrustedProxies, requestOrigin } from './clientAddress';

describe('parseTrustedProxies', () => {
  it('loopback covers 127.0.0.0/8, ::1 and IPv4-mapped loopback, and nothing else', () => {
    const trusted = parseTrustedProxies('loopback');
    for (const address of ['127.0.0.1', '127.200.3.4', '::1', '::ffff:127.0.0.1'])
      expect(trusted.has(address)).toBe(true);
    for (const address of ['10.0.0.1', '::2', '::ffff:10.0.0.1', '128.0.0.1', 'not-an-address'])
      expect(trusted.has(address)).toBe(false);
  });

  it('takes addresses and CIDR ranges of both families, comma-separated', () => {
    const trusted = parseTrustedProxies(' 10.0.0.0/8, 192.168.1.5 ,2001:db8::/32, fe80::1, loopback');
    for (const address of ['10.20.30.40', '192.168.1.5', '2001:db8:1::7', 'fe80::1', '::ffff:10.1.1.1', '127.0.0.1']) {
      expect(trusted.has(address)).toBe(true);
    }
    for (const address of ['11.0.0.1', '192.168.1.6', '2001:db9::1', 'fe80::2'])
      expect(trusted.has(address)).toBe(false);
  });

  it.each(['localhost', '10.0.0.0/33', '::1/129', '10.0.0.1/8/1', '10.0.0.0/x', ',', '300.1.1.1', 'true'])(
    'refuses %j',
    (value) => {
      expect(() => parseTrustedProxies(value)).toThrow(/addresses and CIDR ranges/);
    },
  );
});

describe('requestOrigin', () => {
  const loopback = parseTrustedProxies('loopback');
  const forwarded = { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' };

  it('without trusted proxies, is the socket and ignores X-Forwarded-*', () => {
    expect(requestOrigin({ remoteAddress: '127.0.0.1' }, forwarded, null)).toEqual({
      clientAddress: '127.0.0.1',
      protocol: 'http',
    });
  });

  it('ignores X-Forwarded-* from a socket that is not a trusted proxy', () => {
    expect(requestOrigin({ remoteAddress: '198.51.100.1' }, forwarded, loopback)).toEqual({
      clientAddress: '198.51.100.1',
      protocol: 'http',
    });
  });

  it('from a trusted proxy, takes the right-most untrusted X-Forwarded-For address and the forwarded protocol', () => {
    const trusted = parseTrustedProxies('loopback, 10.0.0.0/8');
    const headers = { 'x-forwarded-for': '6.6.6.6, 203.0.113.7, 10.1.1.1', 'x-forwarded-proto': 'HTTPS, http' };
    expect(requestOrigin({ remoteAddress: '::ffff:127.0.0.1' }, headers, trusted)).toEqual({
      clientAddress: '203.0.113.7',
      protocol: 'https',
    });
  });

  it('takes the left-most address when every one is a trusted proxy', () => {
    const headers = { 'x-forwarded-for': '127.0.0.3, 127.0.0.2' };
    expect(requestOrigin({ remoteAddress: '127.0.0.1' }, headers, loopback).clientAddress).toBe('127.0.0.3');
  });

  it('reads addresses written with ports or brackets, and joins repeated headers', () => {
    expect(
      requestOrigin({ remoteAddress: '::1' }, { 'x-forwarded-for': '[2001:db8::5]:443' }, loopback).clientAddress,
    ).toBe('2001:db8::5');
    expect(
      requestOrigin({ remoteAddress: '::1' }, { 'x-forwarded-for': '203.0.113.9:5000' }, loopback).clientAddress,
    ).toBe('203.0.113.9');
    expect(
      requestOrigin({ remoteAddress: '::1' }, { 'x-forwarded-for': ['1.1.1.1', '2.2.2.2'] }, loopback).clientAddress,
    ).toBe('2.2.2.2');
  });

  it('does not believe a non-address, and keeps the socket without X-Forwarded-For or with an unknown protocol', () => {
    expect(
      requestOrigin({ remoteAddress: '127.0.0.1' }, { 'x-forwarded-for': 'unknown' }, loopback).clientAddress,
    ).toBe('127.0.0.1');
    expect(requestOrigin({ remoteAddress: '127.0.0.1' }, { 'x-forwarded-proto': 'gopher' }, loopback)).toEqual({
      clientAddress: '127.0.0.1',
      protocol: 'http',
    });
  });

  it('spells one IPv4 client one way', () => {
    expect(normalizeAddress('::FFFF:203.0.113.7')).toBe('203.0.113.7');
    expect(normalizeAddress('2001:DB8::1')).toBe('2001:db8::1');
  });
});
