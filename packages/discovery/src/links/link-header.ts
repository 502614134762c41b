/** One link of an HTTP `Link` header (RFC 8288): its target as written and its `rel` tokens in lower case. */
export interface ParsedLinkValue {
  /** The URI reference between `<` and `>`, unresolved. */
  target: string;
  /** The relation types of the first `rel` parameter, lower-cased; empty when there is none. */
  rels: string[];
}

/** Response headers in any of the shapes callers hold them. */
export type LinkHeadersInput =
  | { get(name: string): string | null }
  | Readonly<Record<string, string | readonly string[] | undefined>>
  | ReadonlyArray<readonly [string, string]>;

/** Every `Link` header value in `headers`, in order, whatever the case of the header name. */
export function linkHeaderValues(headers: LinkHeadersInput | undefined): string[] {
  if (headers === undefined) return [];
  if (Array.isArray(headers)) {
    const pairs = headers as ReadonlyArray<readonly [string, string]>;
    return pairs.filter(([name]) => name.toLowerCase() === 'link').map(([, value]) => value);
  }
  if (typeof (headers as { get?: unknown }).get === 'function') {
    // Headers joins repeated fields with ", ", which the parser below splits again.
    const value = (headers as { get(name: string): string | null }).get('link');
    return value === null ? [] : [value];
  }
  const values: string[] = [];
  for (const [name, value] of Object.entries(headers as Record<string, string | readonly string[]>)) {
    if (name.toLowerCase() !== 'link' || value === undefined) continue;
    if (typeof value === 'string') values.push(value);
    else values.push(...value);
  }
  return values;
}

/**
 * Parses one `Link` field value into its links. Malformed parts are skipped rather than thrown on, because a
 * broken link header must not hide the HTML links after it.
 */
export function parseLinkHeader(value: string): ParsedLinkValue[] {
  const links: ParsedLinkValue[] = [];
  let i = 0;
  const n = value.length;
  while (i < n) {
    while (i < n && (value[i] === ',' || isSpace(value[i]))) i++;
    if (i >= n) break;
    if (value[i] !== '<') {
      i = skipToNextLink(value, i);
      continue;
    }
    const close = value.indexOf('>', i + 1);
    if (close < 0) break;
    const target = value.slice(i + 1, close).trim();
    i = close + 1;
    let rels: string[] | undefined;
    while (i < n) {
      while (i < n && isSpace(value[i])) i++;
      if (value[i] !== ';') break;
      i++;
      while (i < n && isSpace(value[i])) i++;
      const nameStart = i;
      while (i < n && !'=;,'.includes(value[i] ?? '') && !isSpace(value[i])) i++;
      const name = value.slice(nameStart, i).toLowerCase();
      while (i < n && isSpace(value[i])) i++;
      let paramValue = '';
      if (value[i] === '=') {
        i++;
        while (i < n && isSpace(value[i])) i++;
        if (value[i] === '"') {
          const read = readQuoted(value, i);
          paramValue = read.text;
          i = read.end;
        } else {
          const start = i;
          while (i < n && value[i] !== ';' && value[i] !== ',') i++;
          paramValue = value.slice(start, i).trim();
        }
      }
      // RFC 8288 §3.3: occurrences of rel after the first are ignored.
      if (name === 'rel' && rels === undefined) rels = splitTokens(paramValue);
    }
    links.push({ target, rels: rels ?? [] });
    if (i < n && value[i] !== ',') i = skipToNextLink(value, i);
  }
  return links;
}

/** Splits a rel value into lower-cased tokens on ASCII whitespace. */
export function splitTokens(value: string): string[] {
  return value
    .toLowerCase()
    .split(/[\t\n\f\r ]+/)
    .filter((token) => token !== '');
}

function isSpace(char: string | undefined): boolean {
  return char === ' ' || char === '\t' || char === '\n' || char === '\r';
}

function readQuoted(value: string, start: number): { text: string; end: number } {
  let text = '';
  let i = start + 1;
  while (i < value.length && value[i] !== '"') {
    if (value[i] === '\\' && i + 1 < value.length) i++;
    text += value[i];
    i++;
  }
  return { text, end: Math.min(i + 1, value.length) };
}

/** Moves past the next comma that is outside a quoted string. */
function skipToNextLink(value: string, from: number): number {
  let i = from;
  while (i < value.length && value[i] !== ',') {
    if (value[i] === '"') i = readQuoted(value, i).end;
    else i++;
  }
  return i + 1;
}
