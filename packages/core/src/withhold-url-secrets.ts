/** What replaces a URL's query (and any fragment after it). */
export const QUERY_WITHHELD = '?[query withheld]';
/** What replaces a URL's user name and password. */
export const CREDENTIALS_WITHHELD = '[credentials withheld]@';

// Characters that end a URL written inside prose: white space, quotes and angle brackets (RFC 3986 appendix C).
function endsUrl(code: number): boolean {
  return code <= 0x20 || code === 0x22 || code === 0x27 || code === 0x3c || code === 0x3e || code === 0x60;
}

// Punctuation that closes the sentence around a URL rather than belonging to it (`... from https://m/a?k=S.`).
function closesSentence(code: number): boolean {
  return (
    code === 0x2e || // .
    code === 0x2c || // ,
    code === 0x3b || // ;
    code === 0x3a || // :
    code === 0x21 || // !
    code === 0x29 || // )
    code === 0x5d || // ]
    code === 0x7d // }
  );
}

const QUERY_MARKER = QUERY_WITHHELD.slice(1);
const CREDENTIALS_MARKER = CREDENTIALS_WITHHELD.slice(0, -1);

/** Length of the withholding marker (`[query withheld]`, `[credentials withheld]`) at `index`, else 0. */
function markerAt(text: string, index: number): number {
  if (text.startsWith(QUERY_MARKER, index)) return QUERY_MARKER.length;
  if (text.startsWith(CREDENTIALS_MARKER, index)) return CREDENTIALS_MARKER.length;
  return 0;
}

/**
 * `text` with the secrets a URL can carry withheld: every URL's query string (`https://m/a2a?api_key=S` becomes
 * `https://m/a2a?[query withheld]`, a fragment after it included) and any user name and password
 * (`https://u:p@h/` becomes `https://[credentials withheld]@h/`). An API key sent as a query parameter ends up
 * in request URLs, and so in error messages and `url` fields; this keeps it out of logs, `--json` output and
 * tool results. A URL is anything from `://` to the next white space, quote or angle bracket; sentence
 * punctuation right after it is kept. Withholding twice gives the same text. Runs in one pass, in time linear in
 * `text`, and returns `text` itself when there is nothing to withhold.
 */
export function withholdUrlSecrets(text: string): string {
  let marker = text.indexOf('://');
  if (marker < 0) return text;
  let out = '';
  let copied = 0;
  while (marker >= 0) {
    const authorityStart = marker + 3;
    let end = authorityStart;
    let authorityEnd = -1;
    let at = -1;
    let query = -1;
    let markerEnd = authorityStart;
    for (; end < text.length; end += 1) {
      const code = text.charCodeAt(end);
      // A marker from an earlier pass is part of the URL (its space must not end it): withholding twice changes
      // nothing.
      if (code === 0x5b) {
        const marker = markerAt(text, end);
        if (marker > 0) {
          end += marker - 1;
          markerEnd = end + 1;
          continue;
        }
      }
      if (endsUrl(code)) break;
      // `/`, `?` or `#` ends the authority; its last `@` ends the user information.
      if (authorityEnd < 0) {
        if (code === 0x2f || code === 0x3f || code === 0x23) authorityEnd = end;
        else if (code === 0x40) at = end;
      }
      if (query < 0 && code === 0x3f) query = end;
    }
    let urlEnd = end;
    while (urlEnd > markerEnd && closesSentence(text.charCodeAt(urlEnd - 1))) urlEnd -= 1;
    if (at >= urlEnd) at = -1;
    if (query >= urlEnd) query = -1;
    if (at >= 0) {
      out += `${text.slice(copied, authorityStart)}${CREDENTIALS_WITHHELD}`;
      copied = at + 1;
    }
    if (query >= 0) {
      out += `${text.slice(copied, query)}${QUERY_WITHHELD}`;
      copied = urlEnd;
    }
    marker = text.indexOf('://', Math.max(end, authorityStart));
  }
  return copied === 0 ? text : out + text.slice(copied);
}
