import robotsParserModule from 'robots-parser';

type RobotsParser = typeof robotsParserModule.default;
// robots-parser is CommonJS (`module.exports = fn`); its typings describe an ES default export instead.
const robotsParser: RobotsParser =
  typeof robotsParserModule === 'function'
    ? (robotsParserModule as unknown as RobotsParser)
    : robotsParserModule.default;

/** RFC 9309 §2.5: crawlers must parse at least 500 KiB; anything after that is ignored. */
export const ROBOTS_PARSE_LIMIT_BYTES = 500 * 1024;

const DIRECTIVE_WITHOUT_COLON = /^\s*(user-agent|allow|disallow|crawl-delay|sitemap)\s+(\S.*)$/i;
const USER_AGENT_LINE = /^(\s*user-agent\s*:\s*)([^#]*)(.*)$/i;
const PRODUCT_TOKEN = /^[A-Za-z_-]+/;
const NON_ASCII = /[\u0080-\uffff]/g;

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

/**
 * Rewrites a robots.txt so robots-parser reads it the RFC 9309 way: the file is cut at 500 KiB, directive lines
 * written without a colon (`disallow /`) get one, and `User-agent` values are cut to their product token
 * (`FOO BAR` names the crawler `foo`).
 */
function normalizeRobotsTxt(robotsTxt: string): string {
  const bytes = Buffer.from(robotsTxt, 'utf8');
  let text = robotsTxt;
  if (bytes.length > ROBOTS_PARSE_LIMIT_BYTES) {
    text = bytes.subarray(0, ROBOTS_PARSE_LIMIT_BYTES).toString('utf8');
    // A partial last line could be a truncated rule; drop it rather than obey half of it.
    const lastBreak = text.search(/[\r\n][^\r\n]*$/);
    text = lastBreak >= 0 ? text.slice(0, lastBreak) : '';
  }
  const lines = text.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!;
    const hash = line.indexOf('#');
    const body = hash >= 0 ? line.slice(0, hash) : line;
    if (!body.includes(':')) {
      const match = DIRECTIVE_WITHOUT_COLON.exec(body);
      if (match) line = `${match[1]}: ${match[2]}`;
    }
    const ua = USER_AGENT_LINE.exec(line);
    if (ua) {
      const value = ua[2]!.trim();
      const token = value.startsWith('*') ? '*' : (PRODUCT_TOKEN.exec(value)?.[0] ?? value);
      line = `${ua[1]}${token}`;
    }
    lines[i] = line;
  }
  return lines.join('\n');
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

/** Parses a robots.txt (as served for any origin) into reusable {@link RobotsRules}. */
export function parseRobotsTxt(robotsTxt: string): RobotsRules {
  const base = 'http://robots.invalid/robots.txt';
  const robots = robotsParser(base, normalizeRobotsTxt(robotsTxt));
  return {
    isAllowed(url, userAgent) {
      const parsed = URL.parse(url);
      if (parsed === null) return false;
      if (isRobotsTxtUrl(parsed)) return true;
      const rawPath = pathAndQuery(url, parsed);
      const local = `http://robots.invalid${protectRawPath(rawPath)}`;
      return robots.isAllowed(local, productToken(userAgent)) !== false;
    },
    crawlDelay(userAgent) {
      const delay = robots.getCrawlDelay(productToken(userAgent));
      return typeof delay === 'number' && Number.isFinite(delay) && delay >= 0 ? delay : undefined;
    },
    sitemaps() {
      return robots.getSitemaps();
    },
  };
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

/**
 * RFC 9309 decision: may `userAgent` (a full User-Agent string or its product token) fetch `url` under
 * `robotsTxt`? Longest match wins, `Allow` wins ties, `*` and `$` are supported, groups for the same agent
 * are merged, and `/robots.txt` is always allowed. Pure; never throws (an unparseable URL is not allowed).
 */
export function robotsAllows(robotsTxt: string, userAgent: string, url: string): boolean {
  return parseRobotsTxt(robotsTxt).isAllowed(url, userAgent);
}
