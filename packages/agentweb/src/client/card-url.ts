/**
 * True for an http(s) URL that names a card document rather than a site: a `.json` path or a well-known agent
 * card path. Other URLs are treated as pages and discovered.
 */
export function isCardUrl(target: string): boolean {
  if (!/^https?:\/\//i.test(target)) return false;
  try {
    const { pathname } = new URL(target);
    return /\.json$/i.test(pathname) || /\/\.well-known\/agent/i.test(pathname);
  } catch {
    return false;
  }
}
