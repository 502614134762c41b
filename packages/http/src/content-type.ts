/** The media types `getJson` accepts by default; any `+json` suffix type is accepted as well. */
export const JSON_MEDIA_TYPES: readonly string[] = ['application/json', 'application/*+json'];

/** The bare, lowercase media type of a `Content-Type` value (`text/html; charset=utf-8` → `text/html`). */
export function mediaType(contentType: string | null): string {
  if (!contentType) return '';
  const semicolon = contentType.indexOf(';');
  return (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
}

/** The `charset` parameter of a `Content-Type` value, lowercase; `undefined` when absent. */
export function charset(contentType: string | null): string | undefined {
  const match = contentType ? /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType) : null;
  return match?.[1]?.toLowerCase();
}

/**
 * True when `type` (a bare media type) matches one of `accepted`. Patterns may be exact (`application/json`),
 * a subtype wildcard (`text/*`) or a suffix wildcard (`application/*+json`).
 */
export function matchesMediaType(type: string, accepted: readonly string[]): boolean {
  if (type === '') return false;
  const slash = type.indexOf('/');
  for (const pattern of accepted) {
    const wanted = pattern.toLowerCase();
    if (wanted === type || wanted === '*/*') return true;
    if (wanted.endsWith('/*') && type.startsWith(wanted.slice(0, -1))) return true;
    const star = wanted.indexOf('/*+');
    if (star !== -1 && type.startsWith(wanted.slice(0, star + 1)) && type.endsWith(wanted.slice(star + 2))) {
      return slash !== -1;
    }
  }
  return false;
}
