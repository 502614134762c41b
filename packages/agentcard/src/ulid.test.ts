import { isAgentWebError } from '@agentweb/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeUlidTime,
  InvalidUlidError,
  isInvalidUlidError,
  isUlid,
  ULID_ALPHABET,
  ULID_MAX_TIME,
  ulid,
} from './ulid.js';

const fixedRandom = (value: number) => (bytes: number) => new Uint8Array(bytes).fill(value);

describe('ulid', () => {
  it('makes 26-character ids of the Crockford alphabet that isUlid accepts', () => {
    const id = ulid();
    expect(id).toHaveLength(26);
    for (const ch of id) expect(ULID_ALPHABET).toContain(ch);
    expect(isUlid(id)).toBe(true);
  });

  it('round-trips the time', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: ULID_MAX_TIME }), (now) => {
        expect(decodeUlidTime(ulid({ now }))).toBe(now);
      }),
    );
    const now = Date.now();
    expect(decodeUlidTime(ulid({ now }))).toBe(now);
  });

  it('encodes the known boundaries', () => {
    expect(ulid({ now: 0, random: fixedRandom(0) })).toBe('00000000000000000000000000');
    expect(ulid({ now: ULID_MAX_TIME, random: fixedRandom(0xff) })).toBe('7ZZZZZZZZZZZZZZZZZZZZZZZZZ');
    // 1469918176385 is the timestamp of the ULID spec's example `01ARYZ6S41…`.
    expect(ulid({ now: 1469918176385, random: fixedRandom(0) }).slice(0, 10)).toBe('01ARYZ6S41');
  });

  it('spreads the 80 random bits over the last 16 characters', () => {
    const bytes = Uint8Array.from([0x80, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(ulid({ now: 0, random: () => bytes }).slice(10)).toBe('G000000000000001');
  });

  it('makes unique ids', () => {
    const ids = new Set<string>();
    const now = Date.now();
    for (let i = 0; i < 10_000; i++) ids.add(ulid({ now }));
    expect(ids.size).toBe(10_000);
  });

  it('sorts ids by time under plain string comparison', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: ULID_MAX_TIME }),
        fc.integer({ min: 0, max: ULID_MAX_TIME }),
        (a, b) => {
          fc.pre(a !== b);
          const [ia, ib] = [ulid({ now: a }), ulid({ now: b })];
          expect(ia < ib).toBe(a < b);
        },
      ),
    );
  });

  it('rejects times out of range and short random sources', () => {
    for (const now of [-1, 1.5, ULID_MAX_TIME + 1, Number.NaN]) {
      expect(() => ulid({ now })).toThrow(InvalidUlidError);
    }
    expect(() => ulid({ random: () => new Uint8Array(9) })).toThrow(/fewer than 10 bytes/);
  });
});

describe('isUlid', () => {
  it('accepts first characters 0-7 and rejects 8 and above', () => {
    expect(isUlid('7ZZZZZZZZZZZZZZZZZZZZZZZZZ')).toBe(true);
    expect(isUlid('01HZQK3P8EMXR9V7T5N2W4J6C0')).toBe(true);
    expect(isUlid('8ZZZZZZZZZZZZZZZZZZZZZZZZZ')).toBe(false);
    expect(isUlid('80000000000000000000000000')).toBe(false);
  });

  it('rejects I, L, O and U', () => {
    for (const ch of ['I', 'L', 'O', 'U']) {
      expect(isUlid(`01HZQK3P8EMXR9V7T5N2W4J6C${ch}`)).toBe(false);
    }
  });

  it('rejects 25 and 27 characters, lower case and non-strings', () => {
    expect(isUlid('01HZQK3P8EMXR9V7T5N2W4J6C')).toBe(false);
    expect(isUlid('01HZQK3P8EMXR9V7T5N2W4J6C00')).toBe(false);
    expect(isUlid('01hzqk3p8emxr9v7t5n2w4j6c0')).toBe(false);
    expect(isUlid('')).toBe(false);
    expect(isUlid(null)).toBe(false);
    expect(isUlid(42)).toBe(false);
  });
});

describe('decodeUlidTime', () => {
  it('reads the time of a known id', () => {
    expect(decodeUlidTime('01ARYZ6S41TSV4RRFFQ69G5FAV')).toBe(1469918176385);
  });

  it('throws InvalidUlidError for invalid ids', () => {
    for (const bad of [
      '8ZZZZZZZZZZZZZZZZZZZZZZZZZ',
      '01HZQK3P8EMXR9V7T5N2W4J6C',
      'ILOUILOUILOUILOUILOUILOUI0',
    ]) {
      let caught: unknown;
      try {
        decodeUlidTime(bad);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(InvalidUlidError);
      expect(isAgentWebError(caught)).toBe(true);
      expect(isInvalidUlidError(caught)).toBe(true);
      expect(caught).toMatchObject({ code: 'INVALID_ULID', name: 'InvalidUlidError' });
    }
  });
});
