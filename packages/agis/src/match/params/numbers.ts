import { foldText } from '../../text.js';

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  a: 1,
  an: 1,
  single: 1,
  couple: 2,
  pair: 2,
  half: 0.5,
  dozen: 12,
  uno: 1,
  una: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
  un: 1,
  une: 1,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  sept: 7,
  huit: 8,
  neuf: 9,
  dix: 10,
  ein: 1,
  eine: 1,
  einen: 1,
  zwei: 2,
  drei: 3,
  vier: 4,
  funf: 5,
  sechs: 6,
  sieben: 7,
  acht: 8,
  neun: 9,
  zehn: 10,
};

/** Value of a digit string or a number word (folded), or undefined. */
export function parseNumberToken(token: string): number | undefined {
  const t = token.toLowerCase().replace(/,/g, '');
  if (/^\d+(?:\.\d+)?$/.test(t)) return Number(t);
  return Object.hasOwn(NUMBER_WORDS, t) ? NUMBER_WORDS[t] : undefined;
}

/**
 * Word tokens that keep decimal numbers whole ("6.5", "1,250.00" -> "1250.00"): the shared tokenizer
 * splits on the point, which turns an interest rate of 6.5 into 6 and 5.
 */
export function numericTokens(text: string): string[] {
  const out: string[] = [];
  const folded = foldText(text).replace(/(\d),(\d{3})(?!\d)/g, '$1$2');
  for (const m of folded.matchAll(/\d+(?:\.\d+)?|[a-z0-9]+(?:'[a-z]+)?/g)) {
    const w = m[0];
    const apos = w.indexOf("'");
    if (apos < 0) out.push(w);
    else out.push(w.slice(apos + 1) === 't' ? `${w.slice(0, apos)}t` : w.slice(0, apos));
  }
  return out;
}

/** A duration stated in minutes ("two hours", "a 45-minute call", "half an hour", "an hour"), or undefined. */
export function findDurationMinutes(text: string): number | undefined {
  const t = foldText(text);
  if (/\bhalf an? hour\b/.test(t)) return 30;
  // "a free hour", "an hour-long call": one word may sit between the article and the unit.
  if (/\b(?:an?|one)\s+(?:[a-z]+\s+)?hour\b(?!s)/.test(t) && !/\d\s*(?:hours?|hrs?|minutes?|mins?)\b/.test(t))
    return 60;
  for (const m of t.matchAll(/\b(\d+(?:\.\d+)?|[a-z]+)[\s-]*(hours?|hrs?|minutes?|mins?)\b/g)) {
    const n = parseNumberToken(m[1] ?? '');
    if (n !== undefined) return /^h/.test(m[2] ?? '') ? Math.round(n * 60) : n;
  }
  return undefined;
}

/** A money amount found in text. */
export interface MoneyMention {
  readonly amount: number;
  readonly currency: string | undefined;
  readonly index: number;
  readonly end: number;
}

const SYMBOLS: Readonly<Record<string, string>> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY' };

/** Money amounts: "$1,250.00", "$900k", "€420", "1,250.00 USD", "$2.5m". */
export function findMoney(text: string): MoneyMention[] {
  const out: MoneyMention[] = [];
  const re =
    /([$€£¥])\s?(\d[\d,]*(?:\.\d+)?)\s?([kKmM])?\b|\b(\d[\d,]*(?:\.\d+)?)\s?(USD|EUR|GBP|CAD|AUD|JPY|CHF|dollars?|euros?|bucks)\b/g;
  for (const m of text.matchAll(re)) {
    const raw = (m[2] ?? m[4] ?? '').replace(/,/g, '');
    let amount = Number(raw);
    const mult = m[3]?.toLowerCase();
    if (mult === 'k') amount *= 1000;
    if (mult === 'm') amount *= 1_000_000;
    let currency: string | undefined;
    if (m[1]) currency = m[1] === '$' ? undefined : SYMBOLS[m[1]];
    else if (m[5] && /^[A-Z]{3}$/.test(m[5])) currency = m[5];
    else if (m[5] && /^euro/i.test(m[5])) currency = 'EUR';
    if (Number.isFinite(amount))
      out.push({ amount, currency, index: m.index ?? 0, end: (m.index ?? 0) + m[0].length });
  }
  return out;
}
