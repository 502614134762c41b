/**
 * A robots.txt path pattern (RFC 9309 §2.2.3): literal text with `*` for any run of characters and a final
 * `$` for the end of the path; without `$` the pattern matches any path it is a prefix of.
 */
export interface RobotsPattern {
  /** The pattern as normalized (percent-encoding upper-cased); its length ranks rules (longest match wins). */
  text: string;
  /** The literal pieces between `*`s; the first must start the path. */
  pieces: readonly string[];
  /** True when the pattern ends with `$`: the last piece must end the path. */
  anchored: boolean;
}

export function compilePattern(text: string): RobotsPattern {
  const anchored = text.endsWith('$');
  const body = anchored ? text.slice(0, -1) : text;
  return { text, pieces: body.split('*'), anchored };
}

/** Work left for one decision, in characters compared; below zero the decision gives up. */
export interface MatchBudget {
  left: number;
}

/**
 * Does `pattern` match `path`? Each piece is placed at its leftmost occurrence after the previous one, which
 * is exact for patterns whose only wildcard is `*` and costs O(path + pattern) per rule (the `indexOf`
 * searches only move forward), never the O(path x pattern) of a backtracking or set-of-lengths matcher.
 * The characters each search may cover are charged to `budget`; `undefined` means it ran out.
 */
export function matchPattern(pattern: RobotsPattern, path: string, budget: MatchBudget): boolean | undefined {
  const { pieces, anchored } = pattern;
  const first = pieces[0]!;
  budget.left -= Math.min(first.length, path.length) + 1;
  if (!path.startsWith(first)) return false;
  if (pieces.length === 1) return anchored ? path.length === first.length : true;
  let at = first.length;
  const last = pieces.length - 1;
  for (let i = 1; i < last; i++) {
    const piece = pieces[i]!;
    if (piece === '') continue;
    const found = path.indexOf(piece, at);
    budget.left -= (found < 0 ? path.length - at : found - at) + piece.length;
    if (budget.left < 0) return undefined;
    if (found < 0) return false;
    at = found + piece.length;
  }
  const tail = pieces[last]!;
  if (anchored) {
    budget.left -= tail.length;
    return path.length - tail.length >= at && path.endsWith(tail);
  }
  if (tail === '') return true;
  const found = path.indexOf(tail, at);
  budget.left -= (found < 0 ? path.length - at : found - at) + tail.length;
  if (budget.left < 0) return undefined;
  return found >= 0;
}
