import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CardValidationError,
  createA2ACard,
  createIetfAgentCard,
  isCardValidationError,
  parseAgentCard,
  safeParseAgentCard,
} from '../src/index.js';

/** Runs parse and asserts the only possible failure is a CardValidationError from a real rule. */
function parsesOrRejectsCleanly(input: unknown, options?: Parameters<typeof parseAgentCard>[1]): void {
  try {
    parseAgentCard(input, options);
  } catch (error) {
    expect(isCardValidationError(error), String(error)).toBe(true);
    if (isCardValidationError(error)) {
      expect(error.issues.length).toBeGreaterThan(0);
      expect(error.issues.map((i) => i.rule)).not.toContain('internal/checker-failed');
    }
  }
}

const validA2A = createA2ACard({
  name: 'Shop',
  description: 'A shop',
  url: 'https://shop.example/a2a',
  version: '1.0.0',
  skills: [
    { id: 'cap:product_search', name: 'Search', description: 'Search products', tags: ['auth:public'] },
  ],
  cap: { queryModes: ['keyword'] },
});
const validIetf = createIetfAgentCard({
  name: 'Summariser',
  capabilities: [{ id: 'text.summarise', description: 'Summarise text' }],
  endpoint: { protocol: 'https', url: 'https://agents.example/summarise' },
});

describe('hostile input', () => {
  it('rejects deep nesting with input/too-deep, without overflowing the stack', () => {
    let nested: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) nested = { x: nested };
    const result = safeParseAgentCard({ ...validA2A, extra: nested });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues[0]?.rule).toBe('input/too-deep');

    const deepText = `{"skills":${'['.repeat(50_000)}${']'.repeat(50_000)}}`;
    const fromText = safeParseAgentCard(deepText);
    expect(fromText.ok).toBe(false);
    if (!fromText.ok) expect(fromText.issues[0]?.rule).toBe('input/too-deep');
  });

  it('rejects a 10 MB string field and a 10 MB JSON text with input/too-large', () => {
    const huge = 'a'.repeat(10 * 1024 * 1024);
    const asObject = safeParseAgentCard({ ...validA2A, description: huge });
    expect(asObject.ok).toBe(false);
    if (!asObject.ok) expect(asObject.issues[0]?.rule).toBe('input/too-large');
    const asText = safeParseAgentCard(JSON.stringify({ ...validIetf, name: huge }));
    expect(asText.ok).toBe(false);
    if (!asText.ok) expect(asText.issues[0]?.rule).toBe('input/too-large');
  });

  it('accepts larger cards when the caller raises the limit', () => {
    const big = 'b'.repeat(2 * 1024 * 1024);
    const parsed = parseAgentCard({ ...validA2A, description: big }, { maxBytes: 4 * 1024 * 1024 });
    expect(parsed.profile.description).toHaveLength(big.length);
  });

  it('drops __proto__ keys with a warning and never pollutes prototypes', () => {
    const text = JSON.stringify(validA2A).replace(/^\{/, '{"__proto__":{"polluted":true},');
    const withSkillProto = text.replace(
      '"id":"cap:product_search"',
      '"__proto__":{"isAdmin":true},"id":"cap:product_search"',
    );
    const parsed = parseAgentCard(withSkillProto);
    expect(parsed.warnings.map((w) => w.rule)).toEqual(['input/unsafe-key', 'input/unsafe-key']);
    expect(parsed.warnings.map((w) => w.path)).toContainEqual(['__proto__']);
    expect(parsed.warnings.map((w) => w.path)).toContainEqual(['skills', 0, '__proto__']);
    expect(Object.getPrototypeOf(parsed.card)).toBe(Object.prototype);
    expect((parsed.card as Record<string, unknown>)['polluted']).toBeUndefined();
    expect((parsed.profile.skills[0] as Record<string, unknown>)['isAdmin']).toBeUndefined();
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(parsed.profile.skills[0]?.id).toBe('cap:product_search');
  });

  it('rejects non-objects and non-JSON with a named rule', () => {
    for (const input of [null, undefined, 42, true, [], 'not json', '[1,2]', '"just a string"']) {
      const result = safeParseAgentCard(input);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(['input/not-object', 'input/json-syntax']).toContain(result.issues[0]?.rule);
    }
    const nothing = safeParseAgentCard(undefined);
    if (!nothing.ok)
      expect(nothing.issues[0]?.message).toBe('(card): a card must be a JSON object, got undefined');
    const unknown = safeParseAgentCard({ hello: 'world' });
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.issues[0]?.rule).toBe('input/unknown-format');
  });

  it('refuses a format name that is not one of its own, even an Object.prototype key', () => {
    for (const format of ['toString', '__proto__', 'constructor', 'hasOwnProperty', 'yaml']) {
      const result = safeParseAgentCard(validIetf, { format } as never);
      expect(result.ok, format).toBe(false);
      if (result.ok) continue;
      expect(result.issues.map((i) => i.rule)).toEqual(['input/unknown-format']);
      expect(result.format).toBeUndefined();
    }
  });

  it('treats null options as the defaults', () => {
    expect(parseAgentCard(validIetf, null as never).format).toBe('ietf');
    expect(safeParseAgentCard(validIetf, null as never).ok).toBe(true);
  });

  it('reports objects whose reading throws (getters, proxies) as input/unreadable, never rethrows', () => {
    const withGetter = { ...validIetf };
    Object.defineProperty(withGetter, 'name', {
      enumerable: true,
      get() {
        throw new Error('getter exploded');
      },
    });
    const proxy = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('ownKeys exploded');
        },
      },
    );
    for (const input of [withGetter, proxy, { nested: proxy, ...validA2A }]) {
      const result = safeParseAgentCard(input);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.issues.map((i) => i.rule)).toEqual(['input/unreadable']);
      expect(() => parseAgentCard(input)).toThrow(CardValidationError);
    }
  });

  it('refuses huge arrays in object input by their length, without walking them', () => {
    // A sparse array costs the caller nothing but would cost a walker four billion steps.
    const sparse = safeParseAgentCard({ ...validA2A, skills: new Array(2 ** 32 - 1) });
    expect(sparse.ok).toBe(false);
    if (!sparse.ok) expect(sparse.issues[0]?.rule).toBe('input/too-large');
    const dense = safeParseAgentCard({ ...validIetf, extra: new Array(200_001).fill(0) });
    expect(dense.ok).toBe(false);
    if (!dense.ok) expect(dense.issues[0]?.rule).toBe('input/too-large');
  });

  it('keeps the default limits when a limit option is NaN or not a number', () => {
    const big = JSON.stringify({ ...validIetf, name: 'n'.repeat(2 * 1024 * 1024) });
    for (const maxBytes of [Number.NaN, '5' as never, null as never]) {
      const result = safeParseAgentCard(big, { maxBytes });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.issues[0]?.rule).toBe('input/too-large');
    }
    let nested: unknown = 'leaf';
    for (let i = 0; i < 200; i++) nested = { x: nested };
    const deep = safeParseAgentCard({ ...validIetf, extra: nested }, { maxDepth: Number.NaN });
    expect(deep.ok).toBe(false);
    if (!deep.ok) expect(deep.issues[0]?.rule).toBe('input/too-deep');
  });

  it('never crashes on arbitrary JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        parsesOrRejectsCleanly(value);
        parsesOrRejectsCleanly(JSON.stringify(value));
      }),
      { numRuns: 500 },
    );
  });

  it('never crashes when any field of a valid card gets a value of the wrong type', () => {
    const wrongValue = fc.oneof(
      fc.constant(null),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.string(),
      fc.array(fc.anything(), { maxLength: 3 }),
      fc.dictionary(fc.string(), fc.anything(), { maxKeys: 3 }),
    );
    for (const [name, card] of [
      ['a2a', validA2A],
      ['ietf', validIetf],
    ] as const) {
      const paths = leafPaths(card);
      fc.assert(
        fc.property(
          fc.constantFrom(...paths),
          wrongValue,
          fc.constantFrom('auto', name),
          (path, value, format) => {
            parsesOrRejectsCleanly(setAt(card, path, value), { format });
          },
        ),
        { numRuns: 400 },
      );
    }
  });
});

function leafPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [prefix];
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) out.push(...leafPaths(v, [...prefix, i]));
  } else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) out.push(...leafPaths(v, [...prefix, k]));
  }
  return out.filter((p) => p.length > 0);
}

function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = value;
  return copy;
}
