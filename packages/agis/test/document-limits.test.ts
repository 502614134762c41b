import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_AGIS_LIMITS,
  jsonSchemaProblems,
  parseAgisDocument,
  parseAgisSource,
  validateAgisDocument,
  validateJsonValue,
} from '../src/index.js';
import { fixture, parseError } from './helpers/documents.js';

const servicesDir = new URL('../../../fixtures/agis-dev/services/', import.meta.url);
const harbor = readFileSync(new URL('harbor-table.agis.yaml', servicesDir), 'utf8');
interface LooseDocument {
  service: string;
  endpoints: Array<{
    input: { type?: unknown; properties: Record<string, unknown> };
    semantic: Record<string, unknown>;
  }>;
}
const harborValue = parseAgisSource(harbor).value as LooseDocument;

function nestedArray(depth: number): unknown {
  let value: unknown = ['string'];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

describe('limits checked before the YAML parser runs', () => {
  it('names maxLineLength and the line for a YAML or brace line over the limit', () => {
    const lines = harbor.split('\n');
    lines[3] = `description: "${'x'.repeat(DEFAULT_AGIS_LIMITS.maxLineLength)}"`;
    const error = parseError(() => parseAgisDocument(lines.join('\n')));
    expect(error).toMatchObject({
      code: 'AGIS_PARSE_LIMIT',
      reason: 'limit',
      limit: 'maxLineLength',
      line: 4,
    });
    const brace = `${fixture('draft-restaurant.agis')}\n# ${'y'.repeat(20_000)}\n`;
    expect(parseError(() => parseAgisDocument(brace))).toMatchObject({ limit: 'maxLineLength' });
    // The limit is an option, and minified JSON (one line) has none.
    expect(() => parseAgisDocument(lines.join('\n'), { maxLineLength: 40_000 })).not.toThrow();
    const minified = JSON.stringify({ ...harborValue, description: 'z'.repeat(100_000) });
    expect(parseAgisDocument(minified).service).toBe(harborValue.service);
  });

  it("names maxDepth for the issue's one-line YAML that overflowed the parser's stack", () => {
    const lines = harbor.split('\n');
    lines[0] = '- (integer, minimum: 1, maximum: 20)'.repeat(10_000);
    const long = parseError(() => parseAgisDocument(lines.join('\n')));
    expect(long.limit).toBe('maxLineLength');
    const wide = parseError(() => parseAgisDocument(lines.join('\n'), { maxLineLength: 1e6 }));
    expect(wide).toMatchObject({ reason: 'limit', limit: 'maxDepth', line: 1 });
    for (const text of ['- '.repeat(5_000) + 'x', '? '.repeat(5_000) + 'x', 'a: '.repeat(3_000) + 'x']) {
      expect(parseError(() => parseAgisSource(text)).limit).toBe('maxDepth');
    }
  });

  it('names maxKeys and the place for a mapping with too many keys, in every format', () => {
    const block = `agis: "1.0"\nvocabulary:\n${Array.from({ length: 1001 }, (_, i) => `  k${i}: ${i}`).join('\n')}\n`;
    expect(parseError(() => parseAgisSource(block))).toMatchObject({ limit: 'maxKeys', line: 1003 });
    const flow = `agis: "1.0"\nvocabulary: {${Array.from({ length: 1001 }, (_, i) => `k${i}: ${i}`).join(', ')}}\n`;
    expect(parseError(() => parseAgisSource(flow))).toMatchObject({ limit: 'maxKeys', line: 2 });
    const props = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, i]));
    const big = structuredClone(harborValue);
    big.endpoints[0]!.input.properties['party_size'] = props;
    const json = JSON.stringify(big);
    expect(parseError(() => parseAgisSource(json))).toMatchObject({ limit: 'maxKeys', line: 1 });
    // Raised, the same document is read and validated: the YAML locator no longer compares every key pair.
    expect(parseAgisSource(json, { maxKeys: 60_000 }).format).toBe('json');
  });

  it('finds duplicate YAML keys itself, with their line', async () => {
    const text = harbor.replace('service:', 'agis: "1.0"\nservice:');
    const error = parseError(() => parseAgisSource(text));
    expect(error).toMatchObject({ reason: 'syntax', line: 2 });
    expect(error.message).toContain('Map keys must be unique');
    // JSON keeps the last of repeated keys, as JSON.parse does.
    expect((parseAgisSource('{"a": 1, "a": 2}').value as { a: number }).a).toBe(2);
  });

  it('keeps a brace-notation __proto__ key as data', () => {
    const text = fixture('draft-restaurant.agis').replace('vocabulary {', 'vocabulary {\n  __proto__: x');
    const value = parseAgisSource(text, { format: 'brace' }).value as Record<string, Record<string, unknown>>;
    expect(Object.getPrototypeOf(value['vocabulary'])).toBe(Object.prototype);
    expect(Object.hasOwn(value['vocabulary']!, '__proto__')).toBe(true);
  });
});

describe('values handed over directly', () => {
  it('fails pass 1 (not a RangeError) for a schema type nested 5,000 deep', async () => {
    const deep = structuredClone(harborValue);
    deep.endpoints[0]!.input.type = nestedArray(5_000);
    const result = await validateAgisDocument(deep);
    expect(result.failingPasses).toEqual([1]);
    expect(result.failures[0]).toMatchObject({
      rule: 'document.limit',
      path: expect.stringMatching(/^endpoints\[0\]/),
    });
  });

  it('fails pass 1 for a cyclic value and for a mapping over maxKeys, naming the path', async () => {
    const cyclic = structuredClone(harborValue) as unknown as Record<string, unknown>;
    cyclic['self'] = cyclic;
    expect((await validateAgisDocument(cyclic)).failures[0]?.rule).toBe('document.limit');
    const wide = structuredClone(harborValue);
    wide.endpoints[1]!.semantic['parameter_hints'] = Object.fromEntries(
      Array.from({ length: 2_000 }, (_, i) => [`h${i}`, ['x']]),
    );
    expect((await validateAgisDocument(wide)).failures[0]).toMatchObject({
      rule: 'document.limit',
      path: 'endpoints[1].semantic.parameter_hints',
    });
  });

  it('never stringifies a value whose toString is data (found by pnpm fuzz)', async () => {
    const odd = structuredClone(harborValue) as unknown as Record<string, unknown>;
    odd['agis'] = { toString: { not: 'a function' } };
    const result = await validateAgisDocument(odd);
    expect(result.warnings.some((w) => w.rule === 'document.agis-version')).toBe(true);
    const text = JSON.stringify({ ...odd, agis: { toString: {} } });
    expect((await validateAgisDocument(text)).level).toBe(1);
    expect(await validateAgisDocument({ ...odd, agis: 1n })).toMatchObject({ conforms: false });
  });

  it('describes bad schema types without serialising them whole', () => {
    const problems = jsonSchemaProblems({ type: nestedArray(20_000) });
    expect(problems).toEqual([expect.stringContaining('an array is not a JSON Schema type')]);
    expect(jsonSchemaProblems({ type: Array.from({ length: 10_000 }, () => 'bogus') })).toHaveLength(20);
  });

  it('checks arguments too deep to serialise without throwing, and does not run backtracking patterns', () => {
    const schema = { type: 'array', uniqueItems: true, enum: [1] };
    expect(validateJsonValue(schema, [nestedArray(20_000), nestedArray(20_000)]).length).toBeGreaterThan(0);
    // Run, this pattern would take minutes on that string (and time the test out); it is skipped instead.
    expect(validateJsonValue({ type: 'string', pattern: '^(a+)+$' }, `${'a'.repeat(40)}!`)).toEqual([]);
    expect(validateJsonValue({ type: 'string', pattern: '^a+$' }, 'ab')).toHaveLength(1);
  });
});
