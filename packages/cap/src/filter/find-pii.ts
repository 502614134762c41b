import { gtinValid, luhnValid } from './check-digits.js';

/** Kinds of personal data the guard looks for. */
export type PiiKind = 'email' | 'phone' | 'card';

/** One piece of personal data found in text: `text.slice(start, end)` is the match. */
export interface PiiMatch {
  kind: PiiKind;
  /** Offset of the first character (UTF-16 code units). */
  start: number;
  /** Offset just past the last character. */
  end: number;
}

const LOCAL_CHAR = /[A-Za-z0-9._%+-]/;
const DOMAIN = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}/;

function findEmails(text: string): PiiMatch[] {
  const found: PiiMatch[] = [];
  // Expanding around each `@` keeps this linear; a regex scanning for the local part first is quadratic.
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    let start = at;
    while (start > 0 && at - start < 64 && LOCAL_CHAR.test(text[start - 1]!)) start -= 1;
    while (start < at && text[start] === '.') start += 1;
    if (start === at) continue;
    const domain = DOMAIN.exec(text.slice(at + 1, at + 1 + 255));
    if (!domain) continue;
    found.push({ kind: 'email', start, end: at + 1 + domain[0].length });
  }
  return found;
}

/** Runs of digit groups joined by single spaces or hyphens, the ways people write card numbers. */
const DIGIT_RUN = /\d+(?:[ -]\d+)*/g;

function findCards(text: string): PiiMatch[] {
  const found: PiiMatch[] = [];
  for (const run of text.matchAll(DIGIT_RUN)) {
    const groups = [...run[0].matchAll(/\d+/g)].map((g) => ({
      digits: g[0],
      start: run.index + g.index,
      end: run.index + g.index + g[0].length,
    }));
    let i = 0;
    while (i < groups.length) {
      let best = -1;
      let digits = '';
      // `+` and digits is an international phone number, never a card.
      const afterPlus = text[groups[i]!.start - 1] === '+';
      for (let j = i; j < groups.length; j += 1) {
        digits += groups[j]!.digits;
        if (digits.length > 19) break;
        // Cards are written in groups of 3 or more digits; single-digit lists are not card numbers.
        if (j > i && (groups[j]!.digits.length < 3 || groups[i]!.digits.length < 3)) break;
        const isGtin = i === j && gtinValid(digits);
        if (digits.length >= 13 && !isGtin && !afterPlus && luhnValid(digits)) best = j;
      }
      if (best === -1) {
        i += 1;
        continue;
      }
      found.push({ kind: 'card', start: groups[i]!.start, end: groups[best]!.end });
      i = best + 1;
    }
  }
  return found;
}

const PHONE =
  /(?<![\p{L}\p{N}_+])(?:\+\d{7,15}|(?:\+ ?\d{1,3}[ .-]?)?(?:\(\d{1,5}\)[ .-]?)?\d{1,5}(?:[ .-]\d{1,5}){0,6})(?![\p{L}\p{N}_])/gu;
const NANP_GROUPS = /^(?:1[ .-])?\d{3}[ .-]\d{3}[ .-]\d{4}$/;
const DATE_START = /^(?:\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./]\d{4})(?!\d)/;

function findPhones(text: string): PiiMatch[] {
  const found: PiiMatch[] = [];
  for (const match of text.matchAll(PHONE)) {
    const candidate = match[0];
    const digits = candidate.replace(/\D/g, '');
    const international = candidate.startsWith('+');
    if (international) {
      if (digits.length < 8 || digits.length > 15) continue;
    } else {
      // Without a country code only clearly phone-shaped text counts: 10-15 digits with a parenthesised area
      // code, in the North American 3-3-4 grouping, or in 3+ groups after a trunk 0 (`020 7946 0958`,
      // `01 23 45 67 89`). Other groupings are lists of sizes, model or set numbers (`10281 10282 10283`).
      if (digits.length < 10 || digits.length > 15) continue;
      const groups = candidate.split(/[ .()-]+/).filter(Boolean);
      const phoneShaped =
        candidate.includes('(') ||
        NANP_GROUPS.test(candidate) ||
        (groups.length >= 3 && candidate.startsWith('0'));
      if (!phoneShaped) continue;
      if (DATE_START.test(candidate)) continue;
      if (digits.length === 13 && /^97[89]/.test(digits) && gtinValid(digits)) continue;
    }
    found.push({ kind: 'phone', start: match.index, end: match.index + candidate.length });
  }
  return found;
}

function overlaps(a: PiiMatch, b: PiiMatch): boolean {
  return a.start < b.end && b.start < a.end;
}

/**
 * Finds email addresses, payment card numbers (13-19 digits, optionally grouped with spaces or hyphens,
 * Luhn-valid, and not a bare GTIN) and phone numbers (`+` and 8-15 digits, or 10-15 digits written in phone
 * groups) in text bound for a merchant. Matches are sorted and never overlap; an email wins over a card,
 * a card over a phone. Tuned to refuse rather than miss: a false positive can be overridden by the caller.
 */
export function findPii(text: string): PiiMatch[] {
  const accepted: PiiMatch[] = [];
  for (const match of [...findEmails(text), ...findCards(text), ...findPhones(text)]) {
    if (!accepted.some((other) => overlaps(other, match))) accepted.push(match);
  }
  return accepted.sort((a, b) => a.start - b.start);
}
