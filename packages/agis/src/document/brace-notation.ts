// Reads the draft's "illustrative notation": YAML-like `key: value` lines plus brace blocks such as
// `BOOK /reservation { semantic { ... } input { required: [id (int)] } output { a, b } errors { x } }`.
import { parse as parseYaml } from 'yaml';
import { AgisParseError } from './errors.js';
import { lineColumn } from './limits.js';
import { fieldListToSchema, inputBlockToSchema, splitTopLevel } from './typed-fields.js';

type Obj = Record<string, unknown>;
type Position = { line: number; column: number };

const LIST_BLOCKS = new Set(['output', 'errors']);

export interface BraceParseResult {
  value: Obj;
  positions: Map<string, Position>;
}

class BraceParser {
  pos = 0;
  readonly positions = new Map<string, Position>();

  constructor(
    readonly text: string,
    readonly maxAliasCount: number,
  ) {}

  fail(message: string, at = this.pos): never {
    throw new AgisParseError({
      reason: 'syntax',
      message: `Brace notation: ${message}`,
      ...lineColumn(this.text, at),
    });
  }

  mark(path: string, at: number): void {
    if (!this.positions.has(path)) this.positions.set(path, lineColumn(this.text, at));
  }

  skipSpaces(): void {
    while (this.pos < this.text.length && (this.text[this.pos] === ' ' || this.text[this.pos] === '\t'))
      this.pos++;
  }

  skipBlank(): void {
    for (;;) {
      const c = this.text[this.pos];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === ',') this.pos++;
      else if (c === '#') this.skipLine();
      else return;
    }
  }

  skipLine(): void {
    const nl = this.text.indexOf('\n', this.pos);
    this.pos = nl === -1 ? this.text.length : nl + 1;
  }

  restOfLine(): string {
    const nl = this.text.indexOf('\n', this.pos);
    const end = nl === -1 ? this.text.length : nl;
    const line = this.text.slice(this.pos, end);
    this.pos = end;
    return line;
  }

  indentOf(at: number): number {
    const lineStart = this.text.lastIndexOf('\n', at - 1) + 1;
    let i = lineStart;
    while (this.text[i] === ' ' || this.text[i] === '\t') i++;
    return i - lineStart;
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
        // The draft elides parts of its examples with "...".
        this.skipLine();
        continue;
      }
      const start = this.pos;
      const key = /^[^\s:{},[\]"']+/.exec(this.text.slice(this.pos, this.pos + 200))?.[0];
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
        obj[key] = LIST_BLOCKS.has(key) ? this.parseListBlock() : this.parseBlock(`${path}.`);
      } else if (next === ':') {
        this.pos++;
        const path = `${prefix}${key}`;
        this.mark(path, start);
        this.skipSpaces();
        const blankRest = /^\s*(#.*)?$/.test(
          this.text.slice(this.pos, this.text.indexOf('\n', this.pos) >>> 0),
        );
        if (key === 'endpoints' && blankRest && prefix === '') {
          // Endpoint blocks follow as `METHOD /path { ... }` entries of the same level.
          if (!Array.isArray(obj['endpoints'])) obj['endpoints'] = [];
          continue;
        }
        obj[key] = this.parseValue(this.indentOf(start), path);
      } else {
        this.fail(`expected ":" or "{" after ${JSON.stringify(key)}`);
      }
    }
  }

  parseBlock(prefix: string): Obj {
    const child: Obj = {};
    this.parseEntries(child, prefix, true);
    return child;
  }

  parseEndpoint(obj: Obj, method: string, start: number): void {
    let path = /^\S+/.exec(this.text.slice(this.pos, this.pos + 2000))![0];
    this.pos += path.length;
    // `/reservation{` glues the block opener to the path; `{id}` parameters stay balanced.
    if (path.endsWith('{') && path.split('{').length > path.split('}').length) {
      path = path.slice(0, -1);
      this.pos--;
    }
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
    if (c === '[') return this.parseFlowList(path);
    if (c === '{') {
      this.pos++;
      return this.parseBlock(`${path}.`);
    }
    const line = this.restOfLine()
      .replace(/\s+#.*$/, '')
      .trim();
    if (line !== '' && !line.startsWith('#')) return coerce(line.replace(/,$/, ''));
    return this.parseIndented(keyIndent);
  }

  parseQuoted(): string {
    const quote = this.text[this.pos]!;
    const start = this.pos++;
    let out = '';
    while (this.pos < this.text.length) {
      const c = this.text[this.pos]!;
      if (quote === '"' && c === '\\') {
        const n = this.text[this.pos + 1];
        out += n === 'n' ? '\n' : n === 't' ? '\t' : (n ?? '');
        this.pos += 2;
        continue;
      }
      if (c === quote) {
        if (quote === "'" && this.text[this.pos + 1] === "'") {
          out += "'";
          this.pos += 2;
          continue;
        }
        this.pos++;
        return out;
      }
      if (c === '\n') {
        // Multi-line strings fold like YAML flow scalars: the line break and indentation become one space.
        out = out.trimEnd() + ' ';
        this.pos++;
        while (this.text[this.pos] === ' ' || this.text[this.pos] === '\t') this.pos++;
        continue;
      }
      out += c;
      this.pos++;
    }
    return this.fail('unterminated string', start);
  }

  parseFlowList(path: string): unknown[] {
    const start = this.pos;
    this.pos++;
    this.scanToClosingBracket(`unterminated list in ${path}`, start);
    const inner = this.text.slice(start + 1, this.pos).replace(/\s*\n\s*/g, ' ');
    this.pos++;
    return splitTopLevel(inner).map((item) => {
      const q = /^"([\s\S]*)"$|^'([\s\S]*)'$/.exec(item);
      return q ? (q[1] ?? q[2]) : coerce(item);
    });
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
    try {
      return parseYaml(body, { maxAliasCount: this.maxAliasCount, uniqueKeys: true });
    } catch {
      const map: Obj = {};
      for (const line of lines) {
        const m = /^\s*([^:]+?)\s*:\s*(.*)$/.exec(line);
        if (m) map[m[1]!] = m[2]!.trim().replace(/^"([\s\S]*)"$/, '$1');
      }
      return map;
    }
  }
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
export function parseBraceNotation(text: string, maxAliasCount: number): BraceParseResult {
  const parser = new BraceParser(text.replace(/\r\n?/g, '\n'), maxAliasCount);
  const value = parser.parseDocument();
  return { value, positions: parser.positions };
}
