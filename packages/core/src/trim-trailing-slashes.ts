/**
 * `text` without its trailing `/` characters. A backward scan: the regex `/\/+$/` tries every slash run against the
 * end of the text and backtracks, O(n²) on a URL with a long run of slashes that does not end it (a hostile card's
 * `https://a.example/////…/x` costs minutes at 300,000 slashes).
 */
export function trimTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 47) end -= 1;
  return end === text.length ? text : text.slice(0, end);
}
