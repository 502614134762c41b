/** Text with whitespace runs collapsed to one space, and where each original offset landed. */
export interface CollapsedText {
  /** The text, each run of whitespace replaced by one space (nothing trimmed). */
  text: string;
  /**
   * For every offset of the original text (and its length), the offset in `text` where it lands: inside a run
   * of whitespace, the offset of the space the run became.
   */
  offsets: Int32Array;
}

/** True for the characters `\s` matches in a JavaScript regular expression (and that `trim` removes). */
export function isJsWhitespace(code: number): boolean {
  return (
    (code >= 0x09 && code <= 0x0d) ||
    code === 0x20 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * `raw.replace(/\s+/g, ' ')` that also maps offsets, so the collapsed text of any slice `raw.slice(a, b)` is
 * `text.slice(offsets[a], offsets[b])` up to a space at either end: one pass serves every nested slice.
 */
export function collapseWhitespace(raw: string): CollapsedText {
  const offsets = new Int32Array(raw.length + 1);
  const parts: string[] = [];
  let out = 0;
  let runStart = 0;
  let i = 0;
  while (i < raw.length) {
    if (isJsWhitespace(raw.charCodeAt(i))) {
      if (i > runStart) parts.push(raw.slice(runStart, i));
      const space = out + (i - runStart);
      for (let k = runStart; k < i; k++) offsets[k] = out + (k - runStart);
      while (i < raw.length && isJsWhitespace(raw.charCodeAt(i))) offsets[i++] = space;
      parts.push(' ');
      out = space + 1;
      runStart = i;
    } else i++;
  }
  for (let k = runStart; k <= raw.length; k++) offsets[k] = out + (k - runStart);
  parts.push(raw.slice(runStart));
  return { text: parts.join(''), offsets };
}
