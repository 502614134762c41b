import { AgentWebError } from '@agentweb/core';

/** What a `resolve` argument names. */
export interface ResolveTarget {
  /** Host name without port, lower case (the `_cap.` prefix goes in front of it). */
  hostname: string;
  /** `scheme://host[:port]`. */
  origin: string;
  /** The page to scan for the link: the given URL, or the home page. */
  pageUrl: string;
  /** Cache and single-flight key: the origin, plus the page when a URL was given. */
  key: string;
  /** True when the host is an IP literal (no DNS name to ask). */
  isIpLiteral: boolean;
}

/**
 * Reads a domain (`shop.example`, `shop.example:8443`) or an http(s) URL.
 *
 * @throws AgentWebError `INVALID_DISCOVERY_TARGET` for anything else.
 */
export function parseResolveTarget(input: string, defaultScheme: 'https' | 'http'): ResolveTarget {
  const text = typeof input === 'string' ? input.trim() : '';
  const isUrl = /^[a-z][a-z0-9+.-]*:\/\//i.test(text);
  let url: URL;
  try {
    url = new URL(isUrl ? text : `${defaultScheme}://${text}/`);
  } catch {
    throw invalid(input, 'not a domain name or URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw invalid(input, `${url.protocol} is not http(s)`);
  if (!isUrl && (url.pathname !== '/' || url.search !== '' || text.includes('@'))) {
    throw invalid(input, 'a bare domain may not carry a path, query or credentials');
  }
  if (url.hostname === '') throw invalid(input, 'no host');
  url.hash = '';
  const hostname = url.hostname.replace(/\.$/, '').toLowerCase();
  const isIpLiteral = hostname.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname);
  const pageUrl = isUrl ? url.href : `${url.origin}/`;
  return {
    hostname,
    origin: url.origin,
    pageUrl,
    key: isUrl ? pageUrl : url.origin,
    isIpLiteral,
  };
}

function invalid(input: unknown, detail: string): AgentWebError {
  return new AgentWebError({
    code: 'INVALID_DISCOVERY_TARGET',
    message: `Cannot resolve ${JSON.stringify(String(input))}: ${detail}`,
  });
}
