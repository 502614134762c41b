import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyAddress, createAddressPolicy, isBlockedAddress } from './address-guard.js';

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['224.0.0.251', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['8.8.8.8', 'public'],
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1%eth0', 'link-local'],
    ['fd12:3456::1', 'private'],
    ['fc00::1', 'private'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['2001::1', 'reserved'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:a00:1', 'private'],
    ['[::ffff:169.254.169.254]', 'link-local'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['64:ff9b::808:808', 'public'],
    ['2002:0a00:0001::1', 'private'],
    ['::127.0.0.1', 'reserved'],
    ['2606:4700:4700::1111', 'public'],
    ['3fff::1', 'public'],
    ['4000::1', 'reserved'],
  ])('%s is %s', (ip, expected) => {
    expect(classifyAddress(ip)).toBe(expected);
  });

  it('returns undefined for non-literals and treats them as blocked', () => {
    expect(classifyAddress('example.com')).toBeUndefined();
    expect(classifyAddress('0x7f.1')).toBeUndefined();
    expect(isBlockedAddress('example.com')).toBe(true);
    expect(isBlockedAddress('8.8.8.8')).toBe(false);
  });
});

const v4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255));
const dotted = (parts: readonly number[]) => parts.join('.');
const hexMapped = ([a, b, c, d]: readonly number[]) =>
  `::ffff:${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}`;

describe('classifyAddress properties', () => {
  it('IPv4-mapped IPv6, dotted or hex, classifies like the IPv4 address', () => {
    fc.assert(
      fc.property(v4, (parts) => {
        const plain = classifyAddress(dotted(parts));
        expect(classifyAddress(`::ffff:${dotted(parts)}`)).toBe(plain);
        expect(classifyAddress(hexMapped(parts))).toBe(plain);
        expect(classifyAddress(`[${hexMapped(parts).toUpperCase()}]`)).toBe(plain);
      }),
    );
  });

  it('every address in 10/8, 127/8, 169.254/16 and 100.64/10 is blocked', () => {
    fc.assert(
      fc.property(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(63), (x, y, z, cg) => {
        expect(isBlockedAddress(`10.${x}.${y}.${z}`)).toBe(true);
        expect(isBlockedAddress(`127.${x}.${y}.${z}`)).toBe(true);
        expect(isBlockedAddress(`169.254.${y}.${z}`)).toBe(true);
        expect(isBlockedAddress(`100.${64 + cg}.${y}.${z}`)).toBe(true);
      }),
    );
  });

  it('any spelling of an IPv6 address (compressed, expanded, case) gets one class', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(0xffff), { minLength: 8, maxLength: 8 }), (groups) => {
        const expanded = groups.map((g) => g.toString(16).padStart(4, '0')).join(':');
        const short = groups.map((g) => g.toString(16)).join(':');
        const expected = classifyAddress(short);
        expect(expected).toBeDefined();
        expect(classifyAddress(expanded)).toBe(expected);
        expect(classifyAddress(expanded.toUpperCase())).toBe(expected);
      }),
    );
  });
});

describe('createAddressPolicy', () => {
  it('refuses non-public addresses by default and names host and address', () => {
    const policy = createAddressPolicy();
    expect(policy.check('agent.test', '10.0.0.1')).toEqual({
      host: 'agent.test',
      address: '10.0.0.1',
      addressClass: 'private',
    });
    expect(policy.check('agent.test', '93.184.215.14')).toBeUndefined();
    expect(policy.check('x', 'garbage')?.addressClass).toBe('invalid');
  });

  it('true allows everything', () => {
    expect(createAddressPolicy(true).check('x', '127.0.0.1')).toBeUndefined();
  });

  it('allow-lists host names, wildcards, literals and CIDR ranges', () => {
    const policy = createAddressPolicy([
      'localhost',
      '*.internal',
      '192.168.1.5',
      '10.0.0.0/8',
      '[fd00::]/8',
    ]);
    expect(policy.check('localhost', '127.0.0.1')).toBeUndefined();
    expect(policy.check('LOCALHOST.', '::1')).toBeUndefined();
    expect(policy.check('db.internal', '172.16.0.9')).toBeUndefined();
    expect(policy.check('evil.test', '192.168.1.5')).toBeUndefined();
    expect(policy.check('evil.test', '192.168.1.6')).toBeDefined();
    expect(policy.check('evil.test', '10.9.9.9')).toBeUndefined();
    expect(policy.check('evil.test', '::ffff:10.9.9.9')).toBeUndefined();
    expect(policy.check('evil.test', 'fd00::1')).toBeUndefined();
    expect(policy.check('evil.test', '127.0.0.1')).toBeDefined();
    expect(policy.allowsHost('a.b.internal')).toBe(true);
    expect(policy.allowsHost('internal')).toBe(false);
  });

  it('rejects malformed ranges', () => {
    expect(() => createAddressPolicy(['10.0.0.0/33'])).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTION', option: 'allowPrivateNetwork' }),
    );
  });
});
