import type { JsonValue } from './document-types.js';

// Words YAML 1.1 or 1.2 would read as something other than a string when left unquoted.
const RESERVED = /^(?:true|false|yes|no|on|off|y|n|null|~)$/i;
const PLAIN = /^[A-Za-z][A-Za-z0-9_-]*$/;
const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_.]*$/;

function scalar(value: string | number | boolean | null): string {
  if (value === null) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (PLAIN.test(value) && !RESERVED.test(value)) return value;
  // A JSON string literal is a valid YAML double-quoted scalar with the same value.
  return JSON.stringify(value);
}

function key(name: string): string {
  return PLAIN_KEY.test(name) && !RESERVED.test(name) ? name : JSON.stringify(name);
}

function isScalar(v: JsonValue): v is string | number | boolean | null {
  return v === null || typeof v !== 'object';
}

// Short lists of scalars (enums, required lists, hints) read better as one flow line.
function flowable(v: JsonValue[]): boolean {
  return v.every(isScalar) && v.reduce<number>((n, s) => n + scalar(s).length + 2, 0) <= 100;
}

function flowObject(v: { [k: string]: JsonValue }): string | undefined {
  const entries = Object.entries(v);
  if (entries.length === 0) return '{}';
  if (entries.length > 4 || !entries.every(([, x]) => isScalar(x) || (Array.isArray(x) && x.length === 0)))
    return undefined;
  const text = `{${entries.map(([k, x]) => `${key(k)}: ${Array.isArray(x) ? '[]' : scalar(x as string)}`).join(', ')}}`;
  return text.length <= 80 ? text : undefined;
}

function emit(value: JsonValue, indent: string, out: string[], prefix: string): void {
  if (isScalar(value)) {
    out.push(`${prefix}${scalar(value)}`);
    return;
  }
  if (Array.isArray(value)) {
    if (value.length === 0 || flowable(value)) {
      out.push(`${prefix}[${value.map((v) => scalar(v as string)).join(', ')}]`);
      return;
    }
    if (prefix.trim() !== '') out.push(prefix.trimEnd());
    for (const item of value) {
      if (isScalar(item)) out.push(`${indent}- ${scalar(item)}`);
      else emitItem(item, indent, out);
    }
    return;
  }
  const flow = flowObject(value);
  if (flow !== undefined && prefix.trim() !== '') {
    out.push(`${prefix}${flow}`);
    return;
  }
  if (prefix.trim() !== '') out.push(prefix.trimEnd());
  for (const [k, v] of Object.entries(value)) emit(v, `${indent}  `, out, `${indent}${key(k)}: `);
}

// A mapping or list inside a block sequence starts on the dash line.
function emitItem(item: JsonValue[] | { [k: string]: JsonValue }, indent: string, out: string[]): void {
  const lines: string[] = [];
  emit(item, `${indent}  `, lines, '');
  const first = lines[0] ?? '';
  const pad = `${indent}  `;
  out.push(`${indent}- ${first.startsWith(pad) ? first.slice(pad.length) : first}`, ...lines.slice(1));
}

/**
 * Serialises JSON data as block-style YAML 1.2 whose parse equals the data (strings that could read as
 * another type are quoted). Only what the sandbox documents need: no anchors, no multi-line scalars.
 */
export function toYaml(value: object): string {
  const out: string[] = [];
  // Document interfaces carry no index signature, but their values are JSON by construction.
  for (const [k, v] of Object.entries(value as { [k: string]: JsonValue })) {
    emit(v, '  ', out, `${key(k)}: `);
  }
  return `${out.join('\n')}\n`;
}
