import { compilePattern, type MatchBudget, matchPattern, type RobotsPattern } from './robots-pattern.js';

/** RFC 9309 §2.5: crawlers must parse at least 500 KiB; anything after that is ignored. */
export const ROBOTS_PARSE_LIMIT_BYTES = 500 * 1024;

/**
 * Longest line read, in characters; the rest of a longer line is ignored. Google's parser keeps 2083 x 8 - 1
 * bytes of a line (eight times the longest URL browsers accept), which bounds every pattern too.
 */
export const ROBOTS_MAX_LINE_LENGTH = 2083 * 8 - 1;

/**
 * Longest path and query decided, in characters after normalization. A longer URL is not allowed: no
 * server serves it, and refusing it keeps one decision's cost bounded.
 */
export const ROBOTS_MAX_PATH_LENGTH = 32 * 1024;

/**
 * Least work one decision may do, in characters compared. A decision may compare up to the larger of this and
 * 8 x (the pattern characters of the group it reads) + 16 x (the path length): linear in the file and the
 * path. A file of thousands of wildcard rules that would need more is not obeyed for that URL: the URL is
 * refused (fail closed), as RFC 9309 §2.3.1.4 does for a file that cannot be read.
 */
export const ROBOTS_MIN_MATCH_BUDGET = 16 * 1024 * 1024;

const DIRECTIVES = ['user-agent', 'allow', 'disallow', 'crawl-delay', 'sitemap'];
const PRODUCT_TOKEN = /^[A-Za-z_-]+/;
const NON_ASCII = /[\u0080-\uffff]/g;
const PERCENT_ESCAPE = /%[0-9a-fA-F]{2}/g;
const LINE_BREAK = /\r\n|\r|\n/;

/** A parsed robots.txt, ready for repeated decisions. */
export interface RobotsRules {
  /** RFC 9309 decision for one URL and one crawler (`/robots.txt` is always allowed). */
  isAllowed(url: string, userAgent: string): boolean;
  /** `Crawl-delay` in seconds for this crawler's group, when the file sets one. */
  crawlDelay(userAgent: string): number | undefined;
  /** `Sitemap` URLs listed in the file. */
  sitemaps(): string[];
}

/**
 * The crawler's product token for matching `User-agent` lines: the text before the first space or `/`
 * (`"CapBot/1.0 (+https://example.com/bot)"` -> `"CapBot"`). Matching is case-insensitive.
 */
export function productToken(userAgent: string): string {
  const token = userAgent.trim().split(/[\s/]/, 1)[0] ?? '';
  return token === '' ? '*' : token;
}

interface Rule {
  pattern: RobotsPattern;
  allow: boolean;
  line: number;
}

interface Group {
  /** Longest pattern first, `Allow` before `Disallow` at equal length, then file order: the first match decides. */
  rules: Rule[];
  /** Characters of all patterns, which sizes a decision's budget. */
  patternChars: number;
  crawlDelay?: number;
}

/** Upper-cases percent escapes (`%2f` -> `%2F`) so encodings compare equal. */
function upperEscapes(text: string): string {
  return text.replace(PERCENT_ESCAPE, (sequence) => sequence.toUpperCase());
}

/** Percent-encodes a pattern the way URLs are compared (non-ASCII as UTF-8 escapes, existing escapes kept). */
function normalizePattern(pattern: string): string {
  try {
    return upperEscapes(encodeURI(pattern).replace(/%25/g, '%'));
  } catch {
    // A lone surrogate cannot be encoded; it can then only be matched by `*`.
    return pattern;
  }
}

/** The group name a `User-agent` value gives: `*`, or its product token, lower-cased (`FOO BAR` -> `foo`). */
function groupName(value: string): string {
  const token = value.startsWith('*') ? '*' : (PRODUCT_TOKEN.exec(value)?.[0] ?? value);
  const lower = token.toLowerCase();
  const slash = lower.indexOf('/');
  return (slash >= 0 ? lower.slice(0, slash) : lower).trim();
}

/**
 * Key and value of one line (comment removed, both trimmed), or undefined for a line that is not a directive.
 * A known directive written without its colon (`disallow /`) is read too.
 */
function splitDirective(line: string): { key: string; value: string } | undefined {
  const hash = line.indexOf('#');
  const body = hash >= 0 ? line.slice(0, hash) : line;
  const colon = body.indexOf(':');
  if (colon >= 0)
    return { key: body.slice(0, colon).trim().toLowerCase(), value: body.slice(colon + 1).trim() };
  const words = body.trim();
  const space = words.search(/\s/);
  if (space < 0) return undefined;
  const key = words.slice(0, space).toLowerCase();
  return DIRECTIVES.includes(key) ? { key, value: words.slice(space + 1).trim() } : undefined;
}

/** Groups by lower-case product token (`*` for the default group), with every rule compiled. */
function parseGroups(text: string): { groups: Map<string, Group>; sitemaps: string[] } {
  const groups = new Map<string, Group>();
  const sitemaps: string[] = [];
  const groupOf = (name: string): Group => {
    let group = groups.get(name);
    if (!group) {
      group = { rules: [], patternChars: 0 };
      groups.set(name, group);
    }
    return group;
  };
  let current: string[] = [];
  // Consecutive User-agent lines build one group; the first after any other directive starts a new one.
  let startsGroup = true;
  const lines = text.split(LINE_BREAK);
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!;
    if (line.length > ROBOTS_MAX_LINE_LENGTH) line = line.slice(0, ROBOTS_MAX_LINE_LENGTH);
    const directive = splitDirective(line);
    if (directive === undefined || directive.key === '') continue;
    const { key, value } = directive;
    if (key === 'user-agent') {
      if (startsGroup) current = [];
      if (value !== '') current.push(groupName(value));
    } else if (key === 'allow' || key === 'disallow') {
      for (const name of current) {
        const group = groupOf(name);
        // An empty `Disallow:` allows everything: the group exists, with no rule.
        if (value === '') continue;
        const pattern = compilePattern(normalizePattern(value));
        group.rules.push({ pattern, allow: key === 'allow', line: i + 1 });
        group.patternChars += pattern.text.length;
      }
    } else if (key === 'crawl-delay') {
      const delay = Number(value);
      for (const name of current) {
        const group = groupOf(name);
        if (!Number.isNaN(delay)) group.crawlDelay = delay;
      }
    } else if (key === 'sitemap' && value !== '') sitemaps.push(value);
    startsGroup = key !== 'user-agent';
  }
  for (const group of groups.values()) {
    group.rules.sort(
      (a, b) =>
        b.pattern.text.length - a.pattern.text.length || Number(b.allow) - Number(a.allow) || a.line - b.line,
    );
  }
  return { groups, sitemaps };
}

/** The first 500 KiB of the file (a partial last line dropped: it could be half a rule), BOM removed. */
function parsedPart(robotsTxt: string): string {
  let text = robotsTxt.startsWith('\ufeff') ? robotsTxt.slice(1) : robotsTxt;
  // A UTF-16 string never encodes to more than 3 bytes per code unit, so short files skip the count.
  if (text.length * 3 > ROBOTS_PARSE_LIMIT_BYTES) {
    const bytes = Buffer.from(text, 'utf8');
    if (bytes.length > ROBOTS_PARSE_LIMIT_BYTES) {
      text = bytes.subarray(0, ROBOTS_PARSE_LIMIT_BYTES).toString('utf8');
      const lastBreak = Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r'));
      text = lastBreak >= 0 ? text.slice(0, lastBreak) : '';
    }
  }
  return text;
}

/**
 * Google and RFC 9309 compare the URL as the caller passed it: a raw non-ASCII character never equals a
 * percent-encoded pattern. WHATWG URL parsing would encode it, so each such character becomes a byte no
 * normalized pattern contains (only a `*` can match it), which keeps that behaviour.
 */
function protectRawPath(url: string): string {
  return url.replace(NON_ASCII, '\x7f');
}

/** RFC 9309 §2.2.2: the robots.txt URL itself is implicitly allowed. */
export function isRobotsTxtUrl(url: URL): boolean {
  return url.pathname === '/robots.txt';
}

/** The path and query of `url` as written (not re-encoded), starting with `/`. */
function pathAndQuery(url: string, parsed: URL): string {
  const afterScheme = url.slice(url.indexOf('//') + 2);
  const slash = afterScheme.search(/[/?]/);
  let rest = slash < 0 ? '/' : afterScheme.slice(slash);
  const hashAt = rest.indexOf('#');
  if (hashAt >= 0) rest = rest.slice(0, hashAt);
  if (rest.startsWith('?')) rest = `/${rest}`;
  return rest === '' ? parsed.pathname : rest;
}

/** The path compared with the patterns: dot segments resolved, characters encoded as in a request line. */
function comparablePath(url: string, parsed: URL): string | undefined {
  const raw = pathAndQuery(url, parsed);
  if (raw.length > ROBOTS_MAX_PATH_LENGTH) return undefined;
  const local = URL.parse(`http://robots.invalid${protectRawPath(raw)}`);
  if (local === null) return undefined;
  const path = upperEscapes(local.pathname + local.search);
  return path.length > ROBOTS_MAX_PATH_LENGTH ? undefined : path;
}

/**
 * Parses a robots.txt (as served for any origin) into reusable {@link RobotsRules}. Linear in the file: lines
 * are cut at {@link ROBOTS_MAX_LINE_LENGTH}, only the first {@link ROBOTS_PARSE_LIMIT_BYTES} are read, and
 * each decision's work is bounded (see {@link ROBOTS_MIN_MATCH_BUDGET}).
 */
export function parseRobotsTxt(robotsTxt: string): RobotsRules {
  const { groups, sitemaps } = parseGroups(parsedPart(String(robotsTxt)));
  const groupFor = (userAgent: string): Group | undefined => {
    const token = productToken(userAgent).toLowerCase();
    return groups.get(token) ?? groups.get('*');
  };
  return {
    isAllowed(url, userAgent) {
      const parsed = URL.parse(url);
      if (parsed === null) return false;
      if (isRobotsTxtUrl(parsed)) return true;
      const group = groupFor(userAgent);
      if (group === undefined || group.rules.length === 0) return true;
      const path = comparablePath(url, parsed);
      if (path === undefined) return false;
      const budget: MatchBudget = {
        left: Math.max(ROBOTS_MIN_MATCH_BUDGET, 8 * group.patternChars + 16 * path.length),
      };
      for (const rule of group.rules) {
        const matched = matchPattern(rule.pattern, path, budget);
        if (matched === undefined) return false;
        if (matched) return rule.allow;
      }
      return true;
    },
    crawlDelay(userAgent) {
      const delay = groupFor(userAgent)?.crawlDelay;
      return typeof delay === 'number' && Number.isFinite(delay) && delay >= 0 ? delay : undefined;
    },
    sitemaps() {
      return [...sitemaps];
    },
  };
}

/**
 * RFC 9309 decision: may `userAgent` (a full User-Agent string or its product token) fetch `url` under
 * `robotsTxt`? Longest match wins, `Allow` wins ties, `*` and `$` are supported, groups for the same agent
 * are merged, and `/robots.txt` is always allowed. Pure; never throws (an unparseable URL is not allowed).
 */
export function robotsAllows(robotsTxt: string, userAgent: string, url: string): boolean {
  return parseRobotsTxt(robotsTxt).isAllowed(url, userAgent);
}
