import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isAgisParseError,
  parseAgisDocument,
  parseAgisDocumentDetailed,
  parseAgisSource,
  parseTypedField,
} from '../src/index.js';
import { fixture, parseError } from './helpers/documents.js';

const servicesDir = new URL('../../../fixtures/agis-dev/services/', import.meta.url);

describe('parseAgisDocument', () => {
  const files = readdirSync(servicesDir).filter((f) => f.endsWith('.agis.yaml'));

  it.each(files)('reads the benchmark service %s (YAML) and its JSON twin identically', (file) => {
    const text = readFileSync(new URL(file, servicesDir), 'utf8');
    const { document, format } = parseAgisDocumentDetailed(text);
    expect(format).toBe('yaml');
    expect(document.endpoints.length).toBeGreaterThan(0);
    const fromJson = parseAgisDocumentDetailed(JSON.stringify(document));
    expect(fromJson.format).toBe('json');
    expect(fromJson.document).toEqual(document);
  });

  it('reads the draft brace-notation example with typed inputs as JSON Schema', () => {
    const doc = parseAgisDocument(fixture('draft-restaurant.agis'));
    expect(doc.service).toBe('Acme Restaurant Reservations');
    expect(doc.endpoints.map((e) => `${e.method} ${e.path}`)).toEqual([
      'BOOK /reservation',
      'FIND /restaurants',
    ]);
    const book = doc.endpoints[0]!;
    expect(book.semantic.intent).toBe('Books a restaurant reservation on behalf of the requesting agent');
    expect(book.semantic.confidence_guidance).toBe(0.85);
    expect(book.input).toEqual({
      type: 'object',
      properties: {
        restaurant_id: { type: 'integer' },
        party_size: { type: 'integer' },
        datetime: { type: 'string', format: 'date-time' },
        preferences: { type: 'string' },
        contact_name: { type: 'string' },
      },
      required: ['restaurant_id', 'party_size', 'datetime'],
    });
    expect(book.errors.map((e) => e.name)).toEqual([
      'reservation_unavailable',
      'invalid_datetime',
      'restaurant_not_found',
    ]);
    expect(doc.endpoints[1]!.output).toEqual({
      type: 'object',
      properties: {
        restaurants: { type: 'array', items: { type: 'object' }, description: 'array of restaurant objects' },
      },
    });
    expect(doc.vocabulary).toEqual({
      declared_verbs: ['BOOK', 'FIND'],
      domain: 'hospitality',
      version: '1.0.0',
    });
  });

  it('reads the draft finance example: state transitions, negotiable vocabulary and data manifest', () => {
    const doc = parseAgisDocument(fixture('draft-finance.agis'));
    const transfer = doc.endpoints[0]!;
    expect(transfer.semantic.impact_tier).toBe('irreversible');
    expect(transfer.semantic.state_transition).toEqual({
      'source_account.balance': '[current] -> [current - amount]',
      'destination_account.balance': '[current] -> [current + amount]',
    });
    expect(doc.vocabulary.negotiable).toBe(true);
    expect(doc.data_manifest?.available_data.map((d) => d.class)).toEqual([
      'transaction-history',
      'exchange-rates',
    ]);
    expect(doc.endpoints[1]!.output['properties']).toMatchObject({ discrepancies: { type: 'array' } });
  });

  it('turns constrained field specs into JSON Schema', () => {
    expect(parseTypedField('party_size (integer, minimum: 1, maximum: 20)')).toEqual([
      'party_size',
      { type: 'integer', minimum: 1, maximum: 20 },
    ]);
    expect(parseTypedField('datetime (string, format: date-time, ISO 8601)')).toEqual([
      'datetime',
      { type: 'string', format: 'date-time', description: 'ISO 8601' },
    ]);
    expect(parseTypedField('status (string, enum: [CONFIRMED, PENDING])')).toEqual([
      'status',
      { type: 'string', enum: ['CONFIRMED', 'PENDING'] },
    ]);
  });

  it('accepts the AGTP-API aliases confidence and impact', () => {
    const text = readFileSync(new URL('harbor-table.agis.yaml', servicesDir), 'utf8')
      .replace(/confidence_guidance:/g, 'confidence:')
      .replace(/impact_tier:/g, 'impact:');
    const { document, warnings } = parseAgisDocumentDetailed(text);
    expect(document.endpoints[0]!.semantic.confidence_guidance).toBeTypeOf('number');
    expect(document.endpoints[0]!.semantic.impact_tier).toBeTypeOf('string');
    expect(document.endpoints[0]!.semantic).not.toHaveProperty('confidence');
    expect(warnings[0]).toMatch(/AGTP-API alias/);
  });

  it('reports syntax errors with line and column', () => {
    const yaml = parseError(() => parseAgisDocument('agis: "1.0"\nservice: [unclosed\n'));
    expect(yaml.reason).toBe('syntax');
    expect(yaml.line).toBeGreaterThanOrEqual(2);
    const json = parseError(() => parseAgisDocument('{\n  "agis": "1.0",\n  "service": }'));
    expect(json.reason).toBe('syntax');
    expect(json.line).toBe(3);
    const brace = parseError(() => parseAgisDocument('agis: "1.0"\nBOOK /reservation {\n  semantic {\n'));
    expect(brace.reason).toBe('syntax');
    expect(brace.message).toMatch(/closing/);
  });

  it('reports model mismatches with the field path and its position', () => {
    const text = readFileSync(new URL('harbor-table.agis.yaml', servicesDir), 'utf8').replace(
      /actor: agent/,
      'actor: robot',
    );
    const error = parseError(() => parseAgisDocument(text));
    expect(error.reason).toBe('schema');
    expect(error.path).toBe('endpoints[0].semantic.actor');
    expect(error.line).toBe(text.split('\n').findIndex((l) => l.includes('actor: robot')) + 1);
  });
});

describe('hostile documents', () => {
  it('rejects a YAML anchor bomb', () => {
    const bomb = [
      'a: &a ["x","x","x","x","x","x","x","x","x"]',
      'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]',
      'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]',
      'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]',
      'e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]',
      'f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]',
      'g: [*f,*f,*f,*f,*f,*f,*f,*f,*f]',
    ].join('\n');
    expect(parseError(() => parseAgisSource(bomb)).reason).toBe('limit');
  });

  it('rejects documents above the size limit', () => {
    const huge = `agis: "1.0"\ndescription: "${'x'.repeat(2 * 1024 * 1024)}"\n`;
    expect(parseError(() => parseAgisSource(huge)).reason).toBe('limit');
    expect(parseError(() => parseAgisSource('agis: "1.0"\n', { maxBytes: 4 })).reason).toBe('limit');
  });

  it('rejects deeply nested JSON, YAML flow and block nesting without a stack overflow', () => {
    const deepJson = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    expect(parseError(() => parseAgisSource(deepJson)).reason).toBe('limit');
    const deepBlock = Array.from({ length: 100 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n') + ' 1';
    expect(parseError(() => parseAgisSource(deepBlock)).reason).toBe('limit');
  });

  it('rejects non-string input and unknown YAML tags with typed errors', () => {
    expect(parseError(() => parseAgisSource(42 as unknown as string)).reason).toBe('format');
    expect(isAgisParseError(parseError(() => parseAgisDocument('agis: !!js/function "x"\n')))).toBe(true);
  });

  it('never crashes on arbitrary text in any format: a value or an AgisParseError', () => {
    const pieces = fc.constantFrom(
      '{',
      '}',
      '[',
      ']',
      ':',
      ',',
      '"',
      "'",
      '\n',
      '  ',
      'BOOK /x ',
      'semantic',
      '&a ',
      '*a',
      '- ',
      '...',
      '#',
    );
    const text = fc.oneof(
      fc.string(),
      fc.array(pieces, { maxLength: 60 }).map((p) => p.join('')),
    );
    fc.assert(
      fc.property(text, fc.constantFrom('auto', 'yaml', 'json', 'brace'), (t, format) => {
        try {
          parseAgisSource(t, { format: format as 'auto' });
        } catch (error) {
          if (!isAgisParseError(error)) throw error;
        }
      }),
      { numRuns: 400, seed: 42 },
    );
  });
  it('reports block nesting too deep for the YAML parser as a limit', () => {
    for (const text of ['- '.repeat(200_000) + 'x', '? '.repeat(100_000) + 'x']) {
      const error = (() => {
        try {
          parseAgisDocument(text);
        } catch (e) {
          return e;
        }
        return undefined;
      })();
      expect(isAgisParseError(error) && error.reason).toBe('limit');
    }
  });

  it('points a JSON syntax error at the bad token', () => {
    const error = (() => {
      try {
        parseAgisDocument('{\n  "a": 1,\n  "b": tru\n}');
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(isAgisParseError(error) && error.line).toBe(3);
  });
});
