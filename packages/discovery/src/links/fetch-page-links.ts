import type { HttpClient } from '@agentweb/http';
import { CAP_AGENT_CARD_REL } from './discover-links.js';
import { discoverLinksFromStream } from './discover-links-stream.js';

/** Options of {@link fetchPageLinks}. */
export interface FetchPageLinksOptions {
  /** The @agentweb/http client. */
  http: HttpClient;
  /** Relation to look for (default `cap-agent-card`). */
  rel?: string;
  /** Elements that may carry it (default `['link']`). */
  elements?: readonly string[];
  /** Keep reading after `</head>` (default false). */
  scanBody?: boolean;
  /** Most page bytes read (default 512 KiB). */
  maxBytes?: number;
  /** Most redirects followed (default 5). Each hop is checked by the client's address and scheme rules. */
  maxRedirects?: number;
  /** Aborts the fetch. */
  signal?: AbortSignal;
  /** Deadline for the whole fetch in ms (default: the client's). */
  timeoutMs?: number;
}

/** Result of {@link fetchPageLinks}. */
export interface PageLinks {
  /** Matching links, `Link` header first, resolved against `finalUrl`. */
  urls: string[];
  /** The URL that answered after redirects. */
  finalUrl: string;
  /** URLs that redirected, in order. */
  redirects: string[];
  /** HTTP status of the final response. */
  status: number;
  /** Bytes of the page read. */
  bytesRead: number;
}

const DEFAULT_MAX_PAGE_BYTES = 512 * 1024;

/**
 * GETs a page and reads its links, stopping at `</head>` unless `scanBody`. The client follows redirects (each
 * hop checked by its address and scheme rules) and reports the final URL with the headers, so relative links
 * resolve against the page that answered even though the body is not read to the end.
 *
 * @throws the @agentweb/http errors (HttpStatusError, BlockedAddressError, RedirectPolicyError, TimeoutError, ...).
 */
export async function fetchPageLinks(pageUrl: string, options: FetchPageLinksOptions): Promise<PageLinks> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_PAGE_BYTES;
  const response = await options.http.stream(pageUrl, {
    signal: options.signal,
    timeoutMs: options.timeoutMs,
    // Pages may move anywhere (example.com -> www.example.com); the client still vets every hop.
    redirect: 'follow',
    maxRedirects: options.maxRedirects ?? 5,
    // The client's cap is a backstop; the scan itself stops at maxBytes.
    maxBodyBytes: maxBytes * 2,
    accept: 'text/html, application/xhtml+xml;q=0.9, */*;q=0.5',
  });
  const scan = await discoverLinksFromStream({
    body: response.body,
    headers: response.headers,
    baseUrl: response.finalUrl,
    rel: options.rel ?? CAP_AGENT_CARD_REL,
    elements: options.elements,
    scanBody: options.scanBody,
    maxBytes,
    signal: options.signal,
  });
  return {
    urls: scan.urls,
    finalUrl: response.finalUrl,
    redirects: [...response.redirects],
    status: response.status,
    bytesRead: scan.bytesRead,
  };
}
