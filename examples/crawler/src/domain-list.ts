import { AgentWebError } from 'agentweb';

/** Most domains one list may hold, so a wrong file (a log, a dump) is refused instead of crawled. */
export const MAX_DOMAINS = 10_000;

/** A domain list line that is not a domain. */
export class DomainListError extends AgentWebError {
  /** 1-based line number. */
  readonly line: number;

  constructor(line: number, message: string) {
    super({ code: 'CRAWLER_DOMAIN_LIST_INVALID', message: `line ${line}: ${message}` });
    this.name = 'DomainListError';
    this.line = line;
  }
}

// host, optional :port; labels of letters, digits and hyphens.
const DOMAIN =
  /^(?=.{1,253}(?::\d+)?$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/;

/**
 * Reads a list of domains: one per line, `#` starts a comment, blank lines are skipped, case is folded and
 * repeats are dropped (first one kept). A URL is reduced to its host, since the crawler starts from the origin.
 */
export function parseDomainList(text: string): string[] {
  const seen = new Set<string>();
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, index) => {
    const entry = raw.replace(/#.*$/, '').trim().toLowerCase();
    if (entry === '') return;
    let host = entry;
    if (/^https?:\/\//.test(entry)) {
      try {
        host = new URL(entry).host;
      } catch {
        throw new DomainListError(index + 1, `"${raw.trim()}" is not a valid URL`);
      }
    }
    if (!DOMAIN.test(host)) throw new DomainListError(index + 1, `"${raw.trim()}" is not a domain name`);
    seen.add(host);
    if (seen.size > MAX_DOMAINS)
      throw new DomainListError(index + 1, `the list has more than ${MAX_DOMAINS} domains`);
  });
  return [...seen];
}
