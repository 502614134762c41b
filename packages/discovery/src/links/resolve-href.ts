/**
 * Resolves an `href` against the page's final URL. An empty string means the page itself (Webmention §3.1.2);
 * the fragment is dropped because it never reaches a server. Returns undefined for unusable references.
 */
export function resolveHref(href: string, baseUrl: string | URL): string | undefined {
  try {
    const url = new URL(href.trim(), baseUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    url.hash = '';
    return url.href;
  } catch {
    return undefined;
  }
}
