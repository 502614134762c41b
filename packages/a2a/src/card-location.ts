import { UrlPolicyError } from '@agentweb/http';

/** The well-known path of the A2A 0.3+ card (RFC 8615). */
export const AGENT_CARD_PATH = '/.well-known/agent-card.json';
/** The well-known path of A2A 0.2 and CAP draft-01 agents. */
export const LEGACY_AGENT_CARD_PATH = '/.well-known/agent.json';

/** Where to look for a card: the URL to try first and, when it answers 404/410, the legacy one. */
export interface CardLocation {
  /** Fetched first. */
  primary: string;
  /** Fetched when `primary` answers 404 or 410; absent for a card URL that is not the well-known path. */
  legacy?: string;
}

/** Parses a caller-supplied URL, refusing garbage with a typed error instead of the built-in `TypeError`. */
function parseUrl(text: string, what: string): URL {
  const url = URL.parse(text);
  if (url === null) {
    throw new UrlPolicyError({ url: text, reason: 'invalid', detail: `${what} is not a valid absolute URL` });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UrlPolicyError({ url: text, reason: 'protocol', detail: `${what} must be http(s)` });
  }
  return url;
}

function originOf(input: string | URL): URL {
  const text = String(input).trim();
  // A bare domain ("agent.example") is taken as an https origin.
  return parseUrl(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`, 'baseUrl');
}

/**
 * The card location for a `cardUrl` (used as given; the legacy fallback applies only to the well-known
 * `agent-card.json` path) or a `baseUrl` (an origin or bare domain: the well-known paths at its root).
 * Throws `UrlPolicyError` (from `@agentweb/http`) for a URL that does not parse or is not http(s).
 */
export function cardLocation(input: { cardUrl?: string | URL; baseUrl?: string | URL }): CardLocation {
  if (input.cardUrl !== undefined) {
    const url = parseUrl(String(input.cardUrl), 'cardUrl');
    url.hash = '';
    if (url.pathname !== AGENT_CARD_PATH || url.search !== '') return { primary: url.href };
    return { primary: url.href, legacy: new URL(LEGACY_AGENT_CARD_PATH, url).href };
  }
  if (input.baseUrl === undefined) {
    throw new UrlPolicyError({ url: '', reason: 'invalid', detail: 'cardLocation needs cardUrl or baseUrl' });
  }
  const base = originOf(input.baseUrl);
  return {
    primary: new URL(AGENT_CARD_PATH, base).href,
    legacy: new URL(LEGACY_AGENT_CARD_PATH, base).href,
  };
}
