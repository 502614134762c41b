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
  // Printable ASCII first: two comparisons for most characters of a page.
  if (code > 0x20) return code >= 0xa0 && isNonAsciiWhitespace(code);
  return code === 0x20 || (code >= 0x09 && code <= 0x0d);
}

function isNonAsciiWhitespace(code: number): boolean {
  return (
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

/** The length text pieces will have once whitespace is collapsed, counted as the pieces come. */
export class CollapsedLength {
  /** Characters so far, each run of whitespace (across pieces too) counting as one. */
  length = 0;
  private afterSpace = false;

  add(piece: string): void {
    let length = this.length;
    let afterSpace = this.afterSpace;
    for (let i = 0; i < piece.length; i++) {
      const space = isJsWhitespace(piece.charCodeAt(i));
      if (!space || !afterSpace) length++;
      afterSpace = space;
    }
    this.length = length;
    this.afterSpace = afterSpace;
  }
}

/**
 * `raw.replace(/\s+/g, ' ')` that also maps offsets, so the collapsed text of any slice `raw.slice(a, b)` is
 * `text.slice(offsets[a], offsets[b])` up to a space at either end: one pass serves every nested slice.
 */
export function collapseWhitespace(raw: string): CollapsedText {
  const length = raw.length;
  const offsets = new Int32Array(length + 1);
  // Runs that are one plain space already are kept: the text is copied in parts only around the other runs
  // (most text between tags is words and single spaces).
  const parts: string[] = [];
  let copyFrom = 0;
  // Characters dropped so far: outside runs, offset i lands at i - removed.
  let removed = 0;
  let i = 0;
  while (i < length) {
    const code = raw.charCodeAt(i);
    if (!isJsWhitespace(code)) {
      offsets[i] = i - removed;
      i++;
      continue;
    }
    const start = i;
    const space = start - removed;
    while (i < length && isJsWhitespace(raw.charCodeAt(i))) offsets[i++] = space;
    if (i - start === 1 && code === 0x20) continue;
    parts.push(raw.slice(copyFrom, start), ' ');
    removed += i - start - 1;
    copyFrom = i;
  }
  offsets[length] = length - removed;
  if (copyFrom === 0) return { text: raw, offsets };
  parts.push(raw.slice(copyFrom));
  return { text: parts.join(''), offsets };
}
