import { foldText, isStopword, stem, wordTokens } from '../../text.js';
import { cachedRegExp, escapeRegExp } from './regex-cache.js';

// Everyday words for common enum values (channels, speeds); dictionary senses, not cases.
const ENUM_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  sms: ['text', 'txt', 'sms', 'texts'],
  call: ['call', 'phone', 'ring'],
  email: ['email', 'mail', 'e-mail'],
  express: ['express', 'expedited', 'rush', 'fast'],
  overnight: ['overnight', 'next-day'],
  standard: ['standard', 'regular', 'normal'],
  ground: ['ground'],
  economy: ['economy', 'coach'],
  outdoor: ['outdoor', 'outside', 'patio', 'terrace'],
  indoor: ['indoor', 'inside'],
  window: ['window'],
  aisle: ['aisle'],
  high: ['high', 'best', 'hd'],
};

/** Length of the common prefix of two words. */
function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

// One instruction is matched against several enum properties in a row; its tokens are read once.
let lastText: { folded: string; tokens: string[]; stems: Set<string> } | undefined;

function textWords(folded: string): { tokens: string[]; stems: Set<string> } {
  if (lastText?.folded !== folded) {
    const tokens = wordTokens(folded);
    lastText = { folded, tokens, stems: new Set(tokens.map(stem)) };
  }
  return lastText;
}

/** Score of the value stated directly in the text (phrase 10+, all stems 5+, synonym 3, word family 2, partial 1+). */
function directEnum(values: readonly unknown[], folded: string): { value?: string; score: number } {
  const { tokens, stems: textStems } = textWords(folded);
  let best: string | undefined;
  let bestScore = 0;
  for (const v of values) {
    if (typeof v !== 'string' || v.length === 0) continue;
    let score = 0;
    if (!/[a-z0-9]/i.test(v)) {
      // Symbolic values such as "$$": match the exact run, not a prefix of "$$$".
      if (
        cachedRegExp(
          `(?:^|[^${escapeRegExp(v[0] ?? '')}])${escapeRegExp(v)}(?!${escapeRegExp(v[0] ?? '')})`,
        ).test(folded)
      )
        score = v.length;
    } else {
      const phrase = v.toLowerCase().replace(/[_-]+/g, ' ');
      const words = wordTokens(phrase);
      if (cachedRegExp(`\\b${escapeRegExp(phrase)}\\b`).test(folded)) score = 10 + phrase.length;
      else if (words.length > 0 && words.every((w) => textStems.has(stem(w)))) score = 5 + phrase.length;
      else if (
        words.length === 1 &&
        (ENUM_SYNONYMS[words[0] ?? ''] ?? []).some((s) => textStems.has(stem(s)))
      )
        score = 3;
      else if (
        // Word family by a long shared prefix: "pediatrician" -> pediatrics, "dermatologist" -> dermatology.
        words.some((w) => w.length >= 7 && tokens.some((t) => commonPrefix(t, w) >= 7))
      )
        score = 2;
      else if (words.length > 1 && words.some((w) => w.length > 3 && textStems.has(stem(w))))
        score = 1 + words.filter((w) => textStems.has(stem(w))).length / words.length;
    }
    if (score > bestScore) {
      bestScore = score;
      best = v;
    }
  }
  return best === undefined ? { score: 0 } : { value: best, score: bestScore };
}

/**
 * The enum value each hint stands for: a hint naming a value (by phrase, stems or synonym) maps to it;
 * hints naming none map to the only value no hint names, or, when there is one hint per value, to the
 * value in the same position (documents list hints in the order of their enum).
 */
function hintValues(values: readonly unknown[], hints: readonly string[]): Array<string | undefined> {
  const cached = hintValueCache.get(hints);
  if (cached?.values === values) return cached.mapped;
  const mapped = computeHintValues(values, hints);
  hintValueCache.set(hints, { values, mapped });
  return mapped;
}

// Documents are long-lived: their hint arrays key the mapping so each is worked out once.
const hintValueCache = new WeakMap<
  readonly string[],
  { values: readonly unknown[]; mapped: Array<string | undefined> }
>();

function computeHintValues(values: readonly unknown[], hints: readonly string[]): Array<string | undefined> {
  const mapped = hints.map((h) => {
    const d = directEnum(values, foldText(h));
    return d.score >= 3 ? d.value : undefined;
  });
  const named = new Set(mapped.filter((v) => v !== undefined));
  const unnamed = values.filter((v): v is string => typeof v === 'string' && !named.has(v));
  return mapped.map((v, i) => {
    if (v !== undefined) return v;
    if (unnamed.length === 1) return unnamed[0];
    const same = values[i];
    return hints.length === values.length && typeof same === 'string' && !named.has(same) ? same : undefined;
  });
}

/** True when every content word of the hint (at least one) is in the text, by stem. */
function hintStated(hint: string, textStems: ReadonlySet<string>): boolean {
  const content = wordTokens(hint).filter((w) => !isStopword(w));
  return content.length > 0 && content.every((w) => textStems.has(stem(w)));
}

/**
 * Best enum value stated in the (folded) text: by the value's own words, else by a
 * `parameter_hints` phrase the text restates ("it arrived smashed" -> `damaged`).
 */
export function matchEnum(
  values: readonly unknown[],
  hints: readonly string[],
  folded: string,
): string | undefined {
  const direct = directEnum(values, folded);
  if (direct.score >= 5 || hints.length === 0) return direct.value;
  const textStems = textWords(folded).stems;
  const byHint = hintValues(values, hints);
  let best: { value: string; words: number } | undefined;
  hints.forEach((h, i) => {
    const v = byHint[i];
    if (v === undefined || !hintStated(h, textStems)) return;
    const words = wordTokens(h).filter((w) => !isStopword(w)).length;
    if (best === undefined || words > best.words) best = { value: v, words };
  });
  return best?.value ?? direct.value;
}
