// Turns the draft's pseudo-typed field lists (`party_size (integer, minimum: 1)`, `datetime (ISO8601)`,
// `restaurants: [array of restaurant objects]`) into JSON Schema.

/** A JSON Schema object built from typed fields. */
export type TypedFieldSchema = Record<string, unknown>;

const TYPE_WORDS: Record<string, TypedFieldSchema> = {
  int: { type: 'integer' },
  integer: { type: 'integer' },
  long: { type: 'integer' },
  number: { type: 'number' },
  float: { type: 'number' },
  double: { type: 'number' },
  decimal: { type: 'number' },
  string: { type: 'string' },
  str: { type: 'string' },
  text: { type: 'string' },
  bool: { type: 'boolean' },
  boolean: { type: 'boolean' },
  object: { type: 'object' },
  array: { type: 'array' },
  list: { type: 'array' },
  iso8601: { type: 'string', format: 'date-time' },
  datetime: { type: 'string', format: 'date-time' },
  'date-time': { type: 'string', format: 'date-time' },
  timestamp: { type: 'string', format: 'date-time' },
  date: { type: 'string', format: 'date' },
  time: { type: 'string', format: 'time' },
  uuid: { type: 'string', format: 'uuid' },
  email: { type: 'string', format: 'email' },
  uri: { type: 'string', format: 'uri' },
  url: { type: 'string', format: 'uri' },
};

const NUMERIC_KEYWORDS = new Set([
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'multipleOf',
]);

/** Splits at top-level commas, ignoring commas inside (), [], {} and quotes. */
export function splitTopLevel(text: string, separators = ','): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (depth === 0 && separators.includes(c)) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out.map((s) => s.trim()).filter((s) => s.length > 0);
}

function parseConstraintValue(key: string, raw: string): unknown {
  const v = raw.trim();
  if (NUMERIC_KEYWORDS.has(key) && /^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  if (key === 'enum') {
    const inner = v.startsWith('[') && v.endsWith(']') ? v.slice(1, -1) : v;
    return splitTopLevel(inner).map((s) => s.replace(/^["']|["']$/g, ''));
  }
  return v.replace(/^["']|["']$/g, '');
}

function typeFromWords(words: string): TypedFieldSchema | undefined {
  const w = words.trim().toLowerCase();
  if (TYPE_WORDS[w]) return { ...TYPE_WORDS[w] };
  const arrayOf = /^array(?: of (.+?))?$/.exec(w);
  if (arrayOf) {
    const item = arrayOf[1] ?? '';
    if (/objects?$/.test(item))
      return { type: 'array', items: { type: 'object' }, description: words.trim() };
    const itemType = typeFromWords(item.replace(/s$/, ''));
    return itemType
      ? { type: 'array', items: itemType }
      : { type: 'array', ...(item ? { description: words.trim() } : {}) };
  }
  return undefined;
}

/** One field spec -> [name, JSON Schema], or null when the text is not a field spec. */
export function parseTypedField(spec: string): [string, TypedFieldSchema] | null {
  const m = /^([A-Za-z_][\w.-]*)\s*(?:\(([\s\S]*)\))?\s*(?::\s*([\s\S]*))?$/.exec(spec.trim());
  if (!m) return null;
  const [, name, parens, after] = m;
  const schema: TypedFieldSchema = {};
  const notes: string[] = [];
  if (parens !== undefined) {
    for (const part of splitTopLevel(parens)) {
      const kv = /^([A-Za-z][\w-]*)\s*:\s*([\s\S]+)$/.exec(part);
      if (kv && kv[1] !== 'array') {
        schema[kv[1]!] = parseConstraintValue(kv[1]!, kv[2]!);
        continue;
      }
      const t = schema['type'] === undefined ? typeFromWords(part) : undefined;
      if (t) Object.assign(schema, t, schema['format'] ? { format: schema['format'] } : {});
      else notes.push(part);
    }
  }
  if (after !== undefined && after.trim() !== '') {
    const inner = after
      .trim()
      .replace(/^\[([\s\S]*)\]$/, 'array of $1')
      .replace(/^array of array\b/, 'array');
    const t = typeFromWords(inner);
    if (t) Object.assign(schema, t);
    else notes.push(after.trim());
  }
  if (notes.length > 0 && schema['description'] === undefined) schema['description'] = notes.join(', ');
  return [name!, schema];
}

/** A draft `input { required: [...] optional: [...] }` block -> an object JSON Schema. */
export function inputBlockToSchema(block: Record<string, unknown>): TypedFieldSchema {
  const properties: Record<string, TypedFieldSchema> = {};
  const required: string[] = [];
  for (const [key, list] of [
    ['required', block['required']],
    ['optional', block['optional']],
  ] as const) {
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      // A list item is a field spec only as text (an object's `toString` may be data, not a function).
      if (typeof item !== 'string' && typeof item !== 'number') continue;
      const field = parseTypedField(String(item));
      if (!field) continue;
      properties[field[0]] = field[1];
      if (key === 'required') required.push(field[0]);
    }
  }
  return { type: 'object', properties, required };
}

/** A draft `output { a, b: [array] }` item list -> an object JSON Schema. */
export function fieldListToSchema(items: string[]): TypedFieldSchema {
  const properties: Record<string, TypedFieldSchema> = {};
  for (const item of items) {
    const field = parseTypedField(item);
    if (field) properties[field[0]] = field[1];
  }
  return { type: 'object', properties };
}
