import fc from 'fast-check';

/** One edit of a text: what a seeded mutator does to a valid example. */
interface TextEdit {
  kind: 'insert' | 'delete' | 'repeat' | 'truncate' | 'replace';
  /** Where, as a fraction of the text's length. */
  at: number;
  /** How many characters the edit spans. */
  length: number;
  /** Text inserted or put in place. */
  fragment: string;
  /** For `repeat`: how many times the span is repeated. */
  times: number;
}

function applyEdit(text: string, edit: TextEdit): string {
  const at = Math.floor(edit.at * text.length);
  const end = Math.min(text.length, at + edit.length);
  switch (edit.kind) {
    case 'insert':
      return text.slice(0, at) + edit.fragment + text.slice(at);
    case 'delete':
      return text.slice(0, at) + text.slice(end);
    case 'repeat':
      return text.slice(0, at) + text.slice(at, end).repeat(edit.times) + text.slice(end);
    case 'truncate':
      return text.slice(0, at);
    case 'replace':
      return text.slice(0, at) + edit.fragment + text.slice(end);
  }
}

/**
 * Valid examples edited a few times: fragments of the format inserted or put in place, spans deleted, repeated
 * (up to 200 times, which makes deep nesting and long runs) or cut off. Most inputs stay close enough to the
 * format to reach the parser's deeper paths.
 */
export function mutatedText(seeds: readonly string[], fragments: readonly string[]): fc.Arbitrary<string> {
  const edit = fc.record({
    kind: fc.constantFrom('insert', 'delete', 'repeat', 'truncate', 'replace') as fc.Arbitrary<
      TextEdit['kind']
    >,
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    length: fc.nat({ max: 80 }),
    fragment: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...fragments) },
      { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
    ),
    times: fc.integer({ min: 2, max: 200 }),
  });
  return fc
    .record({ seed: fc.constantFrom(...seeds), edits: fc.array(edit, { maxLength: 6 }) })
    .map(({ seed, edits }) => edits.reduce(applyEdit, seed));
}

/** Text of any kind: mutated examples most of the time, random strings (any code unit) otherwise. */
export function textInput(seeds: readonly string[], fragments: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: mutatedText(seeds, fragments) },
    { weight: 1, arbitrary: fc.string({ maxLength: 400, unit: 'binary' }) },
    {
      weight: 1,
      arbitrary: fc.array(fc.constantFrom(...fragments), { maxLength: 60 }).map((p) => p.join('')),
    },
  );
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** One structural edit of a JSON value. */
interface JsonEdit {
  /** Child picks down from the root (each taken modulo the number of children). */
  path: number[];
  action: 'set' | 'delete' | 'deep' | 'wide' | 'type';
  value: Json;
  key: string;
}

function deepArray(depth: number): Json {
  let value: Json = [];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

function applyJsonEdit(root: Json, edit: JsonEdit): Json {
  const replacement = (): Json => {
    switch (edit.action) {
      case 'deep':
        return deepArray(2000 + ((edit.path.length * 997) % 4000));
      case 'wide':
        return Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`${edit.key}${i}`, i]));
      case 'type':
        return Array.isArray(edit.value) ? 'not a list' : [edit.value];
      default:
        return edit.value;
    }
  };
  if (edit.path.length === 0 || root === null || typeof root !== 'object') return replacement();
  let parent: Json[] | { [key: string]: Json } = root;
  for (let i = 0; i < edit.path.length; i++) {
    const keys = Array.isArray(parent) ? parent.map((_v, k) => k) : Object.keys(parent);
    if (keys.length === 0) break;
    const key = keys[edit.path[i]! % keys.length]!;
    const child: Json = Array.isArray(parent) ? parent[key as number]! : parent[key as string]!;
    const last = i === edit.path.length - 1 || child === null || typeof child !== 'object';
    if (last) {
      if (edit.action === 'delete') {
        if (Array.isArray(parent)) parent.splice(key as number, 1);
        else delete parent[key as string];
      } else if (Array.isArray(parent)) parent[key as number] = replacement();
      else if (edit.action === 'set' && edit.key !== '') parent[edit.key] = replacement();
      else parent[key as string] = replacement();
      break;
    }
    parent = child as Json[] | { [key: string]: Json };
  }
  return root;
}

/**
 * Valid JSON documents (cards, responses, outputs) edited structurally: a field set to any JSON value,
 * removed, given the wrong type, replaced by an array nested thousands deep or an object of thousands of keys.
 */
export function mutatedJson(seeds: readonly unknown[]): fc.Arbitrary<unknown> {
  const edit = fc.record({
    path: fc.array(fc.nat(), { maxLength: 6 }),
    action: fc.constantFrom('set', 'set', 'set', 'delete', 'type', 'deep', 'wide') as fc.Arbitrary<
      JsonEdit['action']
    >,
    value: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>,
    key: fc.oneof(
      fc.constantFrom('__proto__', 'constructor', 'id', 'kind', 'type', '', 'parts'),
      fc.string({ maxLength: 8 }),
    ),
  });
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .record({ seed: fc.constantFrom(...seeds), edits: fc.array(edit, { maxLength: 4 }) })
        .map(({ seed, edits }) => edits.reduce(applyJsonEdit, structuredClone(seed) as Json)),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(undefined, null, 0, '', [], {}, 'x', Number.NaN) },
  );
}

/** Repeats `unit` to `size` characters (the last copy cut), the shape of most hostile inputs. */
export function fill(unit: string, size: number): string {
  return unit.repeat(Math.ceil(size / Math.max(1, unit.length))).slice(0, size);
}
