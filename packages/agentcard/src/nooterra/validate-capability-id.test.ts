import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CAPABILITY_IDENTIFIER_CODES,
  describeCapabilityIdentifierCode,
  RESERVED_CAPABILITY_NAMESPACES,
  validateCapabilityId,
} from './validate-capability-id.js';

describe('validateCapabilityId', () => {
  it('accepts legacy labels as they are, trimmed', () => {
    expect(validateCapabilityId('  Travel.Booking ')).toEqual({
      ok: true,
      normalized: 'Travel.Booking',
      form: 'legacy',
    });
    expect(validateCapabilityId('urn:x:y')).toEqual({ ok: true, normalized: 'urn:x:y', form: 'legacy' });
  });

  it('accepts URI identifiers with and without a version', () => {
    expect(validateCapabilityId('capability://travel.booking')).toEqual({
      ok: true,
      normalized: 'capability://travel.booking',
      form: 'uri',
    });
    expect(validateCapabilityId('capability://travel.booking@v12')).toMatchObject({ ok: true, form: 'uri' });
  });

  it('reports the first failing rule', () => {
    expect(validateCapabilityId('https://travel.booking')).toEqual({
      ok: false,
      code: 'CAPABILITY_IDENTIFIER_URI_SCHEME_INVALID',
      form: 'uri',
    });
    expect(validateCapabilityId('capability://@')).toMatchObject({
      code: 'CAPABILITY_IDENTIFIER_URI_IDENTIFIER_REQUIRED',
    });
    expect(validateCapabilityId('capability://a@v1@v2')).toMatchObject({
      code: 'CAPABILITY_IDENTIFIER_URI_VERSION_INVALID',
    });
    expect(validateCapabilityId('capability://a.')).toMatchObject({
      code: 'CAPABILITY_IDENTIFIER_URI_IDENTIFIER_PATTERN_INVALID',
    });
    expect(validateCapabilityId('capability://travel.booking@v1é')).toMatchObject({
      code: 'CAPABILITY_IDENTIFIER_URI_ASCII_LOWERCASE_REQUIRED',
    });
    expect(validateCapabilityId(undefined)).toEqual({
      ok: false,
      code: 'CAPABILITY_IDENTIFIER_REQUIRED',
      form: null,
    });
    expect(validateCapabilityId({ toString: () => 'travel' })).toMatchObject({
      code: 'CAPABILITY_IDENTIFIER_REQUIRED',
    });
  });

  it('rejects every reserved namespace only as the first segment', () => {
    for (const ns of RESERVED_CAPABILITY_NAMESPACES) {
      expect(validateCapabilityId(`capability://${ns}.x`)).toMatchObject({
        code: 'CAPABILITY_IDENTIFIER_URI_NAMESPACE_RESERVED',
      });
      expect(validateCapabilityId(`capability://x.${ns}`)).toMatchObject({ ok: true });
      expect(validateCapabilityId(`${ns}.x`)).toMatchObject({ ok: true, form: 'legacy' });
    }
  });

  // Their cost is the fuzz target's to bound (a time limit here would fail on a busy machine, not on slow code).
  it('decides 10 MB inputs with the code that says what is wrong', () => {
    const inputs = [
      'a'.repeat(10_000_000),
      `capability://${'a.'.repeat(5_000_000)}`,
      ' '.repeat(10_000_000),
      `capability://${'a_'.repeat(5_000_000)}@v1`,
    ];
    const codes = inputs.map((input) => {
      const result = validateCapabilityId(input);
      return result.ok ? null : result.code;
    });
    expect(codes).toEqual([
      'CAPABILITY_IDENTIFIER_TOO_LONG',
      'CAPABILITY_IDENTIFIER_TOO_LONG',
      'CAPABILITY_IDENTIFIER_REQUIRED',
      'CAPABILITY_IDENTIFIER_TOO_LONG',
    ]);
  });

  it('never throws, returns a known code, and stores the trimmed value', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.anything(), fc.string({ unit: 'binary' })), (input) => {
        const result = validateCapabilityId(input);
        if (result.ok) {
          expect(typeof input).toBe('string');
          expect(result.normalized).toBe((input as string).trim());
          expect(validateCapabilityId(result.normalized)).toEqual(result);
        } else {
          expect(CAPABILITY_IDENTIFIER_CODES).toContain(result.code);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('accepts every well-formed URI it can generate', () => {
    const segment = fc.stringMatching(/^[a-z0-9]{1,10}$/);
    fc.assert(
      fc.property(
        fc
          .array(segment, { minLength: 1, maxLength: 8 })
          .filter((s) => !RESERVED_CAPABILITY_NAMESPACES.includes(s[0]!)),
        fc.option(fc.integer({ min: 1, max: 999_999_999 }), { nil: undefined }),
        (segments, version) => {
          const id = `capability://${segments.join('.')}${version === undefined ? '' : `@v${version}`}`;
          expect(validateCapabilityId(id)).toEqual({ ok: true, normalized: id, form: 'uri' });
        },
      ),
    );
  });

  it('describes every code', () => {
    for (const code of CAPABILITY_IDENTIFIER_CODES)
      expect(describeCapabilityIdentifierCode(code)).not.toBe('');
  });
});
