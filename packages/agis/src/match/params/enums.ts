import { stem, wordTokens } from '../../text.js';
import { cachedRegExp } from './regex-cache.js';

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

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Best enum value stated in the (folded) text, by phrase, stems or everyday synonyms. */
export function matchEnum(
  values: readonly unknown[],
  _hints: readonly string[],
  folded: string,
): string | undefined {
  const textStems = new Set(wordTokens(folded).map(stem));
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
      else if (words.length > 1 && words.some((w) => w.length > 3 && textStems.has(stem(w))))
        score = 1 + words.filter((w) => textStems.has(stem(w))).length / words.length;
    }
    if (score > bestScore) {
      bestScore = score;
      best = v;
    }
  }
  return best;
}
