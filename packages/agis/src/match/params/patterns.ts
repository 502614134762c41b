import { isRiskyPattern } from '../../json-schema/pattern-safety.js';
import type { MatcherJsonSchema } from '../types.js';
import { cachedRegExp } from './regex-cache.js';

/** What a string property holds, judged from its `pattern` (probed with sample values) or description. */
export type StringShape = 'month' | 'date' | 'time' | 'month-or-date' | 'other';

/** The schema's `pattern` compiled (memoised: it is asked for per candidate), or undefined when absent, too long, risky or invalid. */
export function safePattern(schema: MatcherJsonSchema): RegExp | undefined {
  const p = schema.pattern;
  if (typeof p !== 'string' || p.length > 200 || isRiskyPattern(p)) return undefined;
  try {
    return cachedRegExp(p, 'u');
  } catch {
    return undefined;
  }
}

/** The kind of value a string property takes, when it is a calendar or clock value. */
export function stringShape(schema: MatcherJsonSchema): StringShape {
  const re = safePattern(schema);
  if (re) {
    if (re.test('2026-04') && !re.test('2026-04-15')) return 'month';
    if (re.test('14:00') && !re.test('2026-04')) return 'time';
    if (re.test('2026-04-15') && !re.test('2026-04')) return 'date';
  }
  const d = schema.description ?? '';
  const month = /\bYYYY-MM\b(?!-)/.test(d);
  const date = /\bYYYY-MM-DD\b/.test(d);
  if (month && date) return 'month-or-date';
  if (month) return 'month';
  return 'other';
}

/** Tokens of the text that fully match the schema's pattern, nearest to a property word first. */
export function findPatternToken(
  text: string,
  schema: MatcherJsonSchema,
  words: readonly string[],
): string | undefined {
  const re = safePattern(schema);
  if (!re) return undefined;
  const parts = [...text.matchAll(/[^\s,;:()"'!?]+/g)].map((m) => ({
    value: m[0].replace(/[.]+$/, ''),
    index: m.index,
  }));
  // Codes are sometimes written in two parts ("SB 212"), so adjacent pairs are tried too.
  const pairs = parts.slice(1).map((w, i) => ({
    value: `${parts[i]?.value ?? ''} ${w.value}`,
    index: parts[i]?.index ?? 0,
  }));
  const tokens = [...parts, ...pairs]
    .filter((t) => t.value.length > 0 && t.value.length <= 40 && re.test(t.value))
    .sort((a, b) => a.index - b.index);
  if (tokens.length <= 1) return tokens[0]?.value;
  const folded = text.toLowerCase();
  const cue = (index: number) => {
    const before = folded.slice(Math.max(0, index - 20), index);
    return words.some((w) => w.length > 1 && before.includes(w));
  };
  return (tokens.find((t) => cue(t.index)) ?? tokens[0])?.value;
}
