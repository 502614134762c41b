// Reads the draft's "illustrative notation": YAML-like `key: value` lines plus brace blocks such as
// `BOOK /reservation { semantic { ... } input { required: [id (int)] } output { a, b } errors { x } }`.

import { AgisParseError } from './errors.js';
import { type AgisParseLimits, createLineIndex } from './limits.js';
import { loadYaml } from './load-yaml.js';
import { checkYamlShape } from './text-shape.js';
import { fieldListToSchema, inputBlockToSchema, splitTopLevel } from './typed-fields.js';
import { firstDuplicateKey, parseYamlDocument } from './yaml-document.js';

type Obj = Record<string, unknown>;
type Position = { line: number; column: number };

const LIST_BLOCKS = new Set(['output', 'errors']);

export interface BraceParseResult {
  value: Obj;
  positions: Map<string, Position>;
}

/** Sets an own property, even `__proto__` (which plain assignment would treat as the prototype). */
function setOwn(obj: Obj, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

class BraceParser {
  pos = 0;
  readonly positions = new Map<string, Position>();
  // Positions are looked up per key: one index of line starts keeps that O(log lines) instead of O(offset).
  readonly position: (offset: number) => Position;
  readonly indents = new Map<number, number>();

  constructor(
    readonly text: string,
    readonly limits: Required<AgisParseLimits>,
  ) {
    this.position = createLineIndex(text);
  }

  fail(message: string, at = this.pos): never {
    throw new AgisParseError({
      reason: 'syntax',
      message: `Brace notation: ${message}`,
      ...this.position(at),
    });
  }

  mark(path: string, at: number): void {
    if (!this.positions.has(path)) this.positions.set(path, this.position(at));
  }

  skipSpaces(): void {
    while (this.pos < this.text.length && (this.text[this.pos] === ' ' || this.text[this.pos] === '\t'))
      this.pos++;
  }

  skipBlank(): void {
    for (;;) {
      const c = this.text[this.pos];
      // `,` and `;` separate entries written on one line (`semantic { intent: x, actor: agent }`).
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === ',' || c === ';') this.pos++;
      else if (c === '#') this.skipLine();
      else return;
    }
  }

  skipLine(): void {
    const nl = this.text.indexOf('\n', this.pos);
    this.pos = nl === -1 ? this.text.length : nl + 1;
  }

  /**
   * Whether an entry of a block starts at `at` (after spaces): the end of the line or of the block, a
   * comment, an elision, `key:`, `key {` or `METHOD /path`. A `,` or `;` followed by one of these separates
   * entries; any other `,` or `;` belongs to the value ("Finds restaurants, bars and cafes").
   */
  entryStartsAt(at: number): boolean {
    let i = at;
    while (this.text[i] === ' ' || this.text[i] === '\t') i++;
    const c = this.text[i];
    if (c === undefined || c === '\n' || c === '}' || c === '#' || c === ',' || c === ';') return true;
    if (this.text.startsWith('...', i)) return true;
    return /^[^\s:{},;[\]"']+[ \t]*(?::|\{|\/)/.test(this.text.slice(i, i + 200));
  }

  /**
   * Reads an unquoted value up to the end of its line, a `,`/`;` separating it from the next entry, the
   * `}` closing its block (brackets opened inside the value must close first) or a ` #` comment.
   * `endedLine` says whether nothing else followed it on its line, so an empty value may open an
   * indented block.
   */
  scanPlain(): { raw: string; endedLine: boolean } {
    const start = this.pos;
    let depth = 0;
    for (; this.pos < this.text.length; this.pos++) {
      const c = this.text[this.pos]!;
      if (c === '\n') break;
      if (c === '#' && (this.pos === start || /[ \t]/.test(this.text[this.pos - 1]!))) {
        const raw = this.text.slice(start, this.pos).trim();
        const nl = this.text.indexOf('\n', this.pos);
        this.pos = nl === -1 ? this.text.length : nl;
        return { raw, endedLine: true };
      }
      if (c === '{' || c === '[' || c === '(') depth++;
      else if (depth > 0 && (c === '}' || c === ']' || c === ')')) depth--;
      else if (c === '}') return { raw: this.text.slice(start, this.pos).trim(), endedLine: false };
      else if (depth === 0 && (c === ',' || c === ';') && this.entryStartsAt(this.pos + 1)) {
        return { raw: this.text.slice(start, this.pos).trim(), endedLine: false };
      }
    }
    return { raw: this.text.slice(start, this.pos).trim(), endedLine: true };
  }

  indentOf(at: number): number {
    const lineStart = at - this.position(at).column + 1;
    let indent = this.indents.get(lineStart);
    if (indent === undefined) {
      let i = lineStart;
      while (this.text[i] === ' ' || this.text[i] === '\t') i++;
      indent = i - lineStart;
      this.indents.set(lineStart, indent);
    }
    return indent;
  }

  parseDocument(): Obj {
    const root: Obj = {};
    this.parseEntries(root, '', false);
    return root;
  }

  parseEntries(obj: Obj, prefix: string, braced: boolean): void {
    for (;;) {
      this.skipBlank();
      if (this.pos >= this.text.length) {
        if (braced) this.fail('missing closing "}"');
        return;
      }
      const c = this.text[this.pos];
      if (c === '}') {
        if (!braced) this.fail('unexpected "}"');
        this.pos++;
        return;
      }
      if (this.text.startsWith('...', this.pos)) {
        // The draft elides parts of its examples with "..." (on a line of its own or inside a one-line block).
        while (this.text[this.pos] === '.') this.pos++;
        continue;
      }
      const start = this.pos;
      const key = /^[^\s:{},;[\]"']+/.exec(this.text.slice(this.pos, this.pos + 200))?.[0];
      if (!key) this.fail(`unexpected character ${JSON.stringify(c)}`);
      this.pos += key.length;
      this.skipSpaces();
      const next = this.text[this.pos];
      if (next === '/') {
        this.parseEndpoint(obj, key, start);
      } else if (next === '{') {
        this.pos++;
        const path = `${prefix}${key}`;
        this.mark(path, start);
        setOwn(obj, key, LIST_BLOCKS.has(key) ? this.parseListBlock() : this.parseBlock(`${path}.`));
      } else if (next === ':') {
        this.pos++;
        const path = `${prefix}${key}`;
        this.mark(path, start);
        this.skipSpaces();
        if (key === 'endpoints' && prefix === '' && this.endpointsFollow()) {
          // Endpoint blocks follow as `METHOD /path { ... }` entries of the same level.
          if (!Array.isArray(obj['endpoints'])) obj['endpoints'] = [];
          continue;
        }
        setOwn(obj, key, this.parseValue(this.indentOf(start), path));
      } else {
        this.fail(`expected ":" or "{" after ${JSON.stringify(key)}`);
      }
    }
  }

  /** After `endpoints:`: nothing (or a comment) or `METHOD /path` on the rest of the line. */
  endpointsFollow(): boolean {
    const newline = this.text.indexOf('\n', this.pos);
    const rest = this.text.slice(this.pos, newline < 0 ? this.text.length : newline);
    return /^\s*(#.*)?$/.test(rest) || /^[A-Za-z]\w*[ \t]+\//.test(rest);
  }

  parseBlock(prefix: string): Obj {
    const child: Obj = {};
    this.parseEntries(child, prefix, true);
    return child;
  }

  parseEndpoint(obj: Obj, method: string, start: number): void {
    // `{id}` parameters belong to the path; any other `{` (`/reservation{`) opens the endpoint block.
    const path = /^\/(?:[^\s{}]|\{[^\s{}]*\})*/.exec(this.text.slice(this.pos, this.pos + 2000))![0];
    this.pos += path.length;
    this.skipSpaces();
    if (this.text[this.pos] !== '{') this.fail(`expected "{" after endpoint ${method} ${path}`);
    this.pos++;
    const list = Array.isArray(obj['endpoints']) ? (obj['endpoints'] as unknown[]) : [];
    obj['endpoints'] = list;
    const prefix = `endpoints[${list.length}]`;
    this.mark(prefix, start);
    this.mark(`${prefix}.method`, start);
    const body = this.parseBlock(`${prefix}.`);
    const endpoint: Obj = { method, path, ...body };
    const input = body['input'];
    if (input && typeof input === 'object' && !Array.isArray(input) && !('type' in input)) {
      endpoint['input'] = inputBlockToSchema(input as Obj);
    }
    if (Array.isArray(body['output'])) endpoint['output'] = fieldListToSchema(body['output'] as string[]);
    if (Array.isArray(body['errors'])) {
      endpoint['errors'] = (body['errors'] as string[]).map((name) => ({ name }));
    }
    list.push(endpoint);
  }

  /**
   * Advances to the bracket that closes the one already consumed, skipping quoted strings and nested
   * brackets of any kind; fails with `message` (at `start`) when the text ends first.
   */
  scanToClosingBracket(message: string, start: number): void {
    let depth = 1;
    let quote = '';
    for (; this.pos < this.text.length; this.pos++) {
      const c = this.text[this.pos]!;
      if (quote) {
        if (c === '\\') this.pos++;
        else if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '{' || c === '[' || c === '(') depth++;
      else if (c === '}' || c === ']' || c === ')') {
        depth--;
        if (depth === 0) return;
      }
    }
    this.fail(message, start);
  }

  /** `{ a, b: [array], c }` up to the matching brace -> raw item strings. */
  parseListBlock(): string[] {
    const start = this.pos;
    this.scanToClosingBracket('missing closing "}"', start);
    const inner = this.text.slice(start, this.pos);
    this.pos++;
    return splitTopLevel(inner.replace(/#[^\n]*/g, ''), ',\n').filter((s) => s !== '...');
  }

  parseValue(keyIndent: number, path: string): unknown {
    const c = this.text[this.pos];
    if (c === '"' || c === "'") return this.parseQuoted();
    if (c === '[') {
      const start = this.pos;
      const list = this.parseFlowList(path);
      if (this.entryStartsAt(this.pos)) return list;
      // `[current] -> [current - amount]` (a state transition) is text that merely starts with a list.
      this.pos = start;
    }
    if (c === '{') {
      this.pos++;
      return this.parseBlock(`${path}.`);
    }
    const { raw, endedLine } = this.scanPlain();
    if (raw !== '') return coerce(raw.replace(/,$/, ''));
    return endedLine ? this.parseIndented(keyIndent) : null;
  }

  parseQuoted(): string {
    const quote = this.text[this.pos]!;
    const start = this.pos++;
    // Pieces are collected and joined once; a line break folds with the whitespace around it into one space.
    const parts: string[] = [];
    let from = this.pos;
    while (this.pos < this.text.length) {
      const c = this.text[this.pos]!;
      if (quote === '"' && c === '\\') {
        parts.push(this.text.slice(from, this.pos));
        const n = this.text[this.pos + 1];
        parts.push(n === 'n' ? '\n' : n === 't' ? '\t' : (n ?? ''));
        this.pos += 2;
        from = this.pos;
        continue;
      }
      if (c === quote) {
        if (quote === "'" && this.text[this.pos + 1] === "'") {
          parts.push(this.text.slice(from, this.pos), "'");
          this.pos += 2;
          from = this.pos;
          continue;
        }
        parts.push(this.text.slice(from, this.pos));
        this.pos++;
        return parts.join('');
      }
      if (c === '\n') {
        // Multi-line strings fold like YAML flow scalars: the line break and indentation become one space.
        parts.push(this.text.slice(from, this.pos));
        trimEndOfParts(parts);
        parts.push(' ');
        this.pos++;
        while (this.text[this.pos] === ' ' || this.text[this.pos] === '\t') this.pos++;
        from = this.pos;
        continue;
      }
      this.pos++;
    }
    return this.fail('unterminated string', start);
  }

  /** `[a, "b", (x, y), {k: v}, [c]]`: items end at a top-level `,` or the `]`; `{...}` items are blocks. */
  parseFlowList(path: string): unknown[] {
    const start = this.pos;
    this.pos++;
    const items: unknown[] = [];
    for (;;) {
      while (/[\s,]/.test(this.text[this.pos] ?? '')) this.pos++;
      const c = this.text[this.pos];
      if (c === undefined) this.fail(`unterminated list in ${path}`, start);
      if (c === ']') {
        this.pos++;
        return items;
      }
      const itemPath = `${path}[${items.length}]`;
      if (c === '{') {
        this.pos++;
        items.push(this.parseBlock(`${itemPath}.`));
      } else if (c === '[') items.push(this.parseFlowList(itemPath));
      else if ((c === '"' || c === "'") && this.quotedItemEndsAt()) items.push(this.parseQuoted());
      else items.push(coerce(this.scanListItem(start, path)));
    }
  }

  /** Whether the quoted string at the cursor is a whole list item (`"a"` rather than `"a" b`). */
  quotedItemEndsAt(): boolean {
    const save = this.pos;
    this.parseQuoted();
    let i = this.pos;
    this.pos = save;
    while (/[ \t\r\n]/.test(this.text[i] ?? '')) i++;
    return this.text[i] === ',' || this.text[i] === ']';
  }

  /** A plain list item such as `party_size (integer, enum: [1, 2])`, with line breaks folded. */
  scanListItem(listStart: number, path: string): string {
    const from = this.pos;
    let depth = 0;
    let quote = '';
    for (; this.pos < this.text.length; this.pos++) {
      const c = this.text[this.pos]!;
      if (quote) {
        if (c === '\\') this.pos++;
        else if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '{' || c === '[' || c === '(') depth++;
      else if (depth > 0 && (c === '}' || c === ']' || c === ')')) depth--;
      else if (c === ',' || c === ']') break;
      else if (c === '}') this.fail(`unterminated list in ${path}`, listStart);
    }
    if (this.pos >= this.text.length) this.fail(`unterminated list in ${path}`, listStart);
    return foldLines(this.text.slice(from, this.pos)).trim();
  }

  /** Lines indented deeper than the key: YAML when it parses, else `k: v` lines as raw strings. */
  parseIndented(keyIndent: number): unknown {
    const lines: string[] = [];
    while (this.pos < this.text.length) {
      const lineStart = this.pos;
      const nl = this.text.indexOf('\n', lineStart);
      const end = nl === -1 ? this.text.length : nl;
      const line = this.text.slice(lineStart, end);
      if (line.trim() === '') {
        lines.push('');
        this.pos = Math.min(end + 1, this.text.length);
        continue;
      }
      const indent = line.length - line.trimStart().length;
      if (indent <= keyIndent || line.trimStart().startsWith('}')) {
        this.pos = lineStart;
        break;
      }
      lines.push(line);
      this.pos = Math.min(end + 1, this.text.length);
    }
    const body = lines.join('\n');
    if (body.trim() === '') return null;
    // The lines go to the YAML parser only once they pass the same pre-scan as a YAML document.
    const firstLine = this.position(this.pos - body.length - 1).line;
    checkYamlShape(body, this.limits, { lineOffset: Math.max(0, firstLine - 1) });
    const doc = parseYamlDocument(body, new (loadYaml().LineCounter)());
    if (doc.errors.length === 0 && firstDuplicateKey(doc) === undefined) {
      try {
        return doc.toJS({ maxAliasCount: this.limits.maxAliasCount });
      } catch {
        // read as raw `k: v` lines below
      }
    }
    const map: Obj = {};
    for (const line of lines) {
      const m = /^\s*([^:]+?)\s*:\s*(.*)$/.exec(line);
      if (m) setOwn(map, m[1]!, m[2]!.trim().replace(/^"([\s\S]*)"$/, '$1'));
    }
    return map;
  }
}

/** Trims the end of what `parts` joins to, touching only the trailing parts. */
function trimEndOfParts(parts: string[]): void {
  while (parts.length > 0) {
    const trimmed = parts[parts.length - 1]!.trimEnd();
    if (trimmed !== '') {
      parts[parts.length - 1] = trimmed;
      return;
    }
    parts.pop();
  }
}

/** `\s*\n\s*` replaced by one space, in one pass (the regex rescans runs of spaces without a line break). */
function foldLines(text: string): string {
  if (!text.includes('\n')) return text;
  const parts = text.split('\n');
  let out = parts[0]!.trimEnd();
  for (let i = 1; i < parts.length; i++) {
    const piece = parts[i]!.trim();
    if (piece === '' && i < parts.length - 1) continue;
    out += ` ${i === parts.length - 1 ? parts[i]!.trimStart() : piece}`;
  }
  return out;
}

function coerce(raw: string): unknown {
  const v = raw.trim();
  if (v === 'true') return true;
  if (v === 'false') return false;
  if (v === 'null' || v === '~') return null;
  if (/^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  return v;
}

/** Parses the draft's brace notation into a plain AGIS document value with source positions. */
export function parseBraceNotation(text: string, limits: Required<AgisParseLimits>): BraceParseResult {
  const parser = new BraceParser(text.replace(/\r\n?/g, '\n'), limits);
  const value = parser.parseDocument();
  return { value, positions: parser.positions };
}
