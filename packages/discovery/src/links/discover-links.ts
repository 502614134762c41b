import { createHtmlLinkScanner } from './html-link-scanner.js';
import { type LinkHeadersInput, linkHeaderValues, parseLinkHeader } from './link-header.js';
import { resolveHref } from './resolve-href.js';

/** The CAP relation for an agent card link. */
export const CAP_AGENT_CARD_REL = 'cap-agent-card';

/** Options shared by {@link discoverLinks} and `discoverLinksFromStream`. */
export interface DiscoverLinksBaseOptions {
  /** The URL the document was finally served from, after redirects; relative URLs resolve against it. */
  baseUrl: string | URL;
  /** Response headers; `Link` values come first in the result. */
  headers?: LinkHeadersInput;
  /** Relation to look for (default `cap-agent-card`); an exact token, case-insensitive. */
  rel?: string;
  /**
   * HTML elements that may carry the link. Default `['link']`, which is what CAP specifies; `['link', 'a']`
   * gives the full Webmention discovery behaviour.
   */
  elements?: readonly string[];
}

/** Options of {@link discoverLinks}. */
export interface DiscoverLinksOptions extends DiscoverLinksBaseOptions {
  /** The HTML document (may be empty when only headers are known). */
  html?: string;
  /** Scan the whole document (default true here, since the text is already in memory). */
  scanBody?: boolean;
}

/**
 * Finds links with relation `rel` the way Webmention discovery does: `Link` header values first (in header
 * order), then matching HTML elements in document order. Returns absolute URLs without duplicates; the first
 * is the one to use.
 */
export function discoverLinks(options: DiscoverLinksOptions): string[] {
  const rel = (options.rel ?? CAP_AGENT_CARD_REL).toLowerCase();
  const found = headerLinks(options.headers, rel, options.baseUrl);
  if (options.html !== undefined && options.html !== '') {
    const scanner = createHtmlLinkScanner({
      rel,
      elements: options.elements,
      baseUrl: options.baseUrl,
      scanBody: options.scanBody ?? true,
    });
    scanner.write(options.html);
    scanner.end();
    found.push(...scanner.urls);
  }
  return unique(found);
}

/** The `Link` header targets whose `rel` contains `rel` as an exact token, resolved against `baseUrl`. */
export function headerLinks(
  headers: LinkHeadersInput | undefined,
  rel: string,
  baseUrl: string | URL,
): string[] {
  const wanted = rel.toLowerCase();
  const urls: string[] = [];
  for (const value of linkHeaderValues(headers)) {
    for (const link of parseLinkHeader(value)) {
      if (!link.rels.includes(wanted)) continue;
      const url = resolveHref(link.target, baseUrl);
      if (url !== undefined) urls.push(url);
    }
  }
  return urls;
}

/** Keeps the first occurrence of each URL. */
export function unique(urls: readonly string[]): string[] {
  return [...new Set(urls)];
}
