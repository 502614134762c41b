// The ucp-schema project's fixtures (fixtures/ucp/ucp-schema, Apache-2.0) as an outside oracle: every valid one
// reads without error, every invalid one gives a typed error or warning naming the field.
import { readdirSync, readFileSync } from 'node:fs';
import { createUcpSchemaValidator } from '@agentweb/sandbox';
import { describe, expect, it } from 'vitest';
import { isUcpDocumentError, isUcpInputError, readUcpDocument, validateUcpInput } from '../src/index.js';

const dir = new URL('../../../fixtures/ucp/ucp-schema/', import.meta.url);
const load = (kind: string, name: string) =>
  JSON.parse(readFileSync(new URL(`${kind}/${name}`, dir), 'utf8')) as unknown;
const names = (kind: string) => readdirSync(new URL(kind, dir)).filter((n) => n.endsWith('.json'));
const isRequest = (name: string) => name.includes('-create');

/** The field each invalid fixture gets wrong, as ajv with the 2026-04-08 schemas reports it too (below). */
const INVALID_FIELD: Record<string, string> = {
  'invalid-checkout-create.json': 'line_items',
  'invalid-discount-response.json': 'links',
  'multi-extension-response.json': 'totals',
};

describe('ucp-schema fixtures', () => {
  it('has the fixtures this test expects', () => {
    expect(names('valid')).toHaveLength(6);
    expect(names('invalid').sort()).toEqual(Object.keys(INVALID_FIELD).sort());
  });

  it.each(names('valid'))('valid/%s reads without error or warning, in strict mode too', (name) => {
    const doc = load('valid', name);
    if (isRequest(name)) {
      expect(() => validateUcpInput('create_checkout', doc)).not.toThrow();
    } else {
      expect(readUcpDocument('checkout', doc).warnings).toEqual([]);
      expect(() => readUcpDocument('checkout', doc, { strict: true })).not.toThrow();
    }
  });

  it.each(names('invalid'))('invalid/%s gives a typed error or warning naming the field', (name) => {
    const doc = load('invalid', name);
    const field = INVALID_FIELD[name] as string;
    if (isRequest(name)) {
      let error: unknown;
      try {
        validateUcpInput('create_checkout', doc);
      } catch (e) {
        error = e;
      }
      expect(isUcpInputError(error) && error.issues.map((i) => i.path)).toContain(field);
      return;
    }
    const read = readUcpDocument('checkout', doc);
    expect(read.warnings.map((w) => w.path)).toContain(field);
    let error: unknown;
    try {
      readUcpDocument('checkout', doc, { strict: true });
    } catch (e) {
      error = e;
    }
    expect(isUcpDocumentError(error) && error.warnings.map((w) => w.path)).toContain(field);
  });

  it('ajv with the vendored 2026-04-08 schemas agrees on the invalid fixtures', () => {
    const validator = createUcpSchemaValidator({
      dir: new URL('../../../fixtures/ucp/2026-04-08', import.meta.url).pathname,
      version: '2026-04-08',
    });
    for (const name of names('invalid')) {
      const request = isRequest(name);
      const problems = validator.validate(
        'schemas/shopping/checkout.json',
        load('invalid', name),
        request ? 'request' : 'response',
        request ? 'create' : 'read',
      );
      const field = INVALID_FIELD[name] as string;
      expect(problems.some((p) => p.path === `/${field}` || p.message.includes(`'${field}'`))).toBe(true);
    }
    // The valid ones pass too, but for valid-discount-response.json: its discount total is positive, which
    // 2026-04-08 forbids (discounts became negative amounts); our lenient read accepts either sign.
    for (const name of names('valid').filter((n) => n !== 'valid-discount-response.json')) {
      const request = isRequest(name);
      expect(
        validator.validate(
          'schemas/shopping/checkout.json',
          load('valid', name),
          request ? 'request' : 'response',
          request ? 'create' : 'read',
        ),
      ).toEqual([]);
    }
  });
});
