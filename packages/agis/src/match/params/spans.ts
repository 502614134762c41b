import { foldText, isStopword } from '../../text.js';
import { parseNumberToken } from './numbers.js';
import { escapeRegExp } from './regex-cache.js';

// Closed-class words that introduce a role in requests ("from 94107 to 10001", "near Union Square").
const PREPOSITIONS = new Set([
  'to',
  'from',
  'at',
  'near',
  'around',
  'in',
  'into',
  'on',
  'for',
  'with',
  'about',
  'via',
  'leaving',
  'out of',
  'close to',
  'reporting to',
]);

const STREET =
  '(?:St|Street|Ave|Avenue|Rd|Road|Blvd|Boulevard|Lane|Ln|Dr|Drive|Way|Court|Ct|Pl|Place|Terrace|Pkwy|Parkway|Hwy|Square|Broadway)';
/** A street address: "50 Main St", "1200 Pine St #5", "12 Pine St, Salem OR 97301", "1600 Broadway, Denver". */
const ADDRESS = new RegExp(
  `\\b\\d{1,6}[A-Za-z]?\\s+(?:[A-Z][\\w'’-]*\\s+){0,3}${STREET}\\b\\.?(?:\\s*#\\s*\\w+)?` +
    `(?:,\\s*[A-Z][a-z]+(?:\\s+[A-Z][a-z]+){0,2}(?:,?\\s+[A-Z]{2})?(?:\\s+\\d{5}(?:-\\d{4})?)?)?`,
  'g',
);

/** Street addresses in the text, in order. */
export function findAddresses(text: string): Array<{ value: string; index: number }> {
  return [...text.matchAll(ADDRESS)].map((m) => ({ value: m[0].replace(/[.,]+$/, ''), index: m.index }));
}

/** True when the text holds a street address (used on hints to learn that a property takes one). */
export function hasAddress(text: string): boolean {
  return findAddresses(text).length > 0;
}

/** The leading preposition of each hint ("to 10001" -> "to", "out of my savings" -> "out of"). */
export function hintPrepositions(hints: readonly string[]): string[] {
  const out = new Set<string>();
  for (const h of hints) {
    const words = foldText(h).trim().split(/\s+/);
    const two = `${words[0] ?? ''} ${words[1] ?? ''}`;
    if (PREPOSITIONS.has(two)) out.add(two);
    else if (PREPOSITIONS.has(words[0] ?? '')) out.add(words[0] ?? '');
  }
  return [...out];
}

// Words after a preposition that are not values: pronouns, deictics, determiners and order words.
const NOT_A_VALUE =
  /^(?:me|my|us|our|you|him|her|them|it|this|that|there|here|home|work|now|the|a|an|next|last|first|same|other|another|each|every)$/i;

/** The pattern {@link findAfterPreposition} scans for, built once per property; undefined without prepositions. */
export function prepositionPattern(preps: readonly string[]): RegExp | undefined {
  if (preps.length === 0) return undefined;
  return new RegExp(`\\b(?:${preps.map(escapeRegExp).join('|')})\\s+(?:(?:my|the|our)\\s+)?`, 'gi');
}

/**
 * The value introduced by one of the hints' prepositions (`pattern` from {@link prepositionPattern}): a
 * street address when the hints show one, else a postal code or three-letter code, else (when
 * `lowercase`) one content word ("from savings").
 */
export function findAfterPreposition(
  text: string,
  pattern: RegExp | undefined,
  options: { address: boolean; lowercase: boolean },
): string | undefined {
  if (pattern === undefined) return undefined;
  const addresses = options.address ? findAddresses(text) : [];
  for (const m of text.matchAll(pattern)) {
    const at = m.index + m[0].length;
    if (options.address) {
      // The address may follow a recipient's name: "to Lena Ortiz, 77 Lake Shore Dr".
      const a = addresses.find((x) => x.index >= at && x.index - at <= 24);
      if (a) return a.value;
      continue;
    }
    const rest = text.slice(at, at + 40);
    const code = /^(?:\d{4,6}|[A-Z]{3})\b/.exec(rest);
    if (code) return code[0];
    if (options.lowercase) {
      const name = lowercaseName(rest);
      if (name !== undefined) return name;
    }
  }
  return undefined;
}

const LOWER_WORD = /^([a-z][a-z0-9'-]*[a-z0-9])(?![\w'-])/;
const COUNTED = /^\s*(?:people|persons?|guests?|pax|of us|%|kg|lbs?|bags?|boxes)\b/;

/**
 * A name written in lowercase at the start of `rest`: up to three words, hyphens and digits kept ("copper-pot",
 * "pier 39", "noodle-bar 88", "saffron house"); it ends at a function word, a pronoun or anything else.
 */
function lowercaseName(rest: string): string | undefined {
  const words: string[] = [];
  let at = 0;
  while (words.length < 3) {
    const gap = words.length === 0 ? '' : (/^ +/.exec(rest.slice(at))?.[0] ?? '');
    if (words.length > 0 && gap === '') break;
    const tail = rest.slice(at + gap.length);
    const number = words.length > 0 ? /^\d{1,4}(?![\w:.,/-])/.exec(tail)?.[0] : undefined;
    if (number !== undefined) {
      if (COUNTED.test(tail.slice(number.length))) break;
      words.push(number);
      at += gap.length + number.length;
      break;
    }
    const word = LOWER_WORD.exec(tail)?.[1];
    // "for two people" is a party, not a name.
    if (!word || word.length < 3 || NOT_A_VALUE.test(word) || isStopword(word) || /^\d/.test(word)) break;
    if (parseNumberToken(word) !== undefined || COUNTED.test(` ${word}`)) break;
    words.push(word);
    at += gap.length + word.length;
  }
  return words.length > 0 ? words.join(' ') : undefined;
}

const FILLER = new Set(['number', 'no', 'code', 'id', 'is', 'of']);

/** The pattern {@link findAfterNameWord} scans for, built once per property; undefined without usable words. */
export function nameWordPattern(words: readonly string[]): RegExp | undefined {
  const usable = words.filter((w) => w.length > 2 && !FILLER.has(w) && !isStopword(w));
  if (usable.length === 0) return undefined;
  return new RegExp(
    `\\b(?:${usable.map(escapeRegExp).join('|')})\\s*(?:(?:number|no\\.?|code|id|#|:)\\s*)?(?:is\\s+)?([A-Za-z0-9][\\w-]*)`,
    'gi',
  );
}

/** A token right after one of the property's own words ("size 10", "PIN 4821", "routing number 021000021"). */
export function findAfterNameWord(text: string, pattern: RegExp | undefined): string | undefined {
  if (pattern === undefined) return undefined;
  for (const m of text.matchAll(pattern)) {
    const token = m[1] ?? '';
    if (/\d/.test(token) || /^(?:X{0,3}[SML]|XX?L)$/.test(token)) return token;
  }
  return undefined;
}
