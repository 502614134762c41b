import { foldText } from '../../text.js';
import { escapeRegExp } from './regex-cache.js';

function shape(token: string): string {
  return token.replace(/[A-Za-z]+/g, 'A').replace(/\d+/g, '9');
}

const ID_TOKEN = /(?<![$€£\w])[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*(?![\w:])/g;

function idTokens(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(ID_TOKEN)) {
    const t = m[0];
    const after = text.slice((m.index ?? 0) + t.length, (m.index ?? 0) + t.length + 4).toLowerCase();
    if (!/\d/.test(t) || /^\s?(?:am|pm|%|kg|lb)/.test(after)) continue;
    if (/^\d{1,3}$/.test(t) || /^\d+(?:st|nd|rd|th|am|pm|h|k|kg)$/i.test(t)) continue;
    out.push(t);
  }
  return out;
}

/** An identifier token from the instruction, preferring the shape of the hints' examples. */
export function findIdentifier(text: string, hints: readonly string[]): string | undefined {
  const candidates = idTokens(text);
  if (candidates.length === 0) return undefined;
  const hintShapes = new Set(hints.flatMap((h) => idTokens(h)).map(shape));
  return (
    candidates.find((c) => hintShapes.has(shape(c))) ??
    candidates.find((c) => /[A-Za-z]/.test(c)) ??
    candidates[0]
  );
}

// A capitalised name, possibly numbered ("Pier 39", "Shop 24"); the number is not a count of people.
const NAME_SPAN =
  /(?:Dr\.\s+)?[A-Z][\w'’.-]*(?:\s+(?:de|del|la|van|von|da)?\s*[A-Z][\w'’-]*)*(?: \d{1,4}(?![\w:.,/-]| (?:people|persons?|guests?|pax|of us)\b))?/g;

const WEEKDAY_OR_MONTH =
  /^(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day$|^(?:January|February|March|April|May|June|July|August|September|October|November|December)(?:\s+\d+)?$/;

/** What {@link findEntityByHints} learns from a property's hints. */
interface HintAnalysis {
  /** Words hints put right before a capitalised name ("at Luigi's" -> "at", "under the name Rivera" -> "name"). */
  readonly preps: ReadonlySet<string>;
  /** Some hint is a bare capitalised name ("Casa Lupe"). */
  readonly bareNames: boolean;
  /** Hint phrases (leading preposition or article dropped) with the pattern finding them as whole words. */
  readonly phrases: ReadonlyArray<{ readonly phrase: string; readonly re: RegExp }>;
}

// Documents outlive match() calls: each hint list is analysed once.
const analyses = new WeakMap<readonly string[], HintAnalysis>();

function analyseHints(hints: readonly string[]): HintAnalysis {
  let a = analyses.get(hints);
  if (a) return a;
  const preps = new Set<string>();
  let bareNames = false;
  for (const h of hints) {
    // The word right before the example value cues it: "at Luigi's" -> "at", "under the name Rivera" -> "name".
    const m = /^((?:[a-z]+\s+)+)[A-Z]/.exec(h);
    const cue = m?.[1]?.trim().split(/\s+/).pop();
    if (cue) preps.add(cue);
    else if (/^[A-Z]/.test(h) && !/^[A-Z][a-z]+day\b/.test(h)) bareNames = true;
  }
  const phrases = hints
    .map((h) =>
      foldText(h)
        .replace(/^(?:at|in|on|for|to|from|near|the|a|an)\s+/, '')
        .trim(),
    )
    .filter((phrase) => phrase.length >= 3 && !/\bn\b/.test(phrase))
    .map((phrase) => ({ phrase, re: new RegExp(`\\b${escapeRegExp(phrase)}\\b`) }));
  a = { preps, bareNames, phrases };
  analyses.set(hints, a);
  return a;
}

/** What {@link findEntityByHints} found, and whether a preposition the hints use (or a hint verbatim) cued it. */
export interface EntityFound {
  readonly value: string;
  readonly cued: boolean;
}

/**
 * A named entity for a free-text property: a capitalised span after a preposition the hints
 * use ("at Luigi's"); else, when the hints show bare names, a capitalised span anywhere (`cued: false`: "under
 * the name Rivera" may be someone else's); else a phrase that appears verbatim among the hints.
 */
export function findEntityByHints(text: string, hints: readonly string[]): EntityFound | undefined {
  if (hints.length === 0) return undefined;
  const { preps, bareNames, phrases } = analyseHints(hints);
  let bare: string | undefined;
  for (const m of text.matchAll(NAME_SPAN)) {
    const idx = m.index ?? 0;
    const before = text.slice(Math.max(0, idx - 12), idx);
    const prep = /([a-z]+)\s+$/.exec(before)?.[1];
    let span = m[0].replace(/[.,]+$/, '');
    if (WEEKDAY_OR_MONTH.test(span)) continue;
    if (idx === 0) {
      // An imperative opens with its verb ("Book Casa Lupe"): the name is what follows.
      span = span.replace(/^\S+\s*/, '');
      if (bareNames && span.length > 0) bare ??= span;
      continue;
    }
    if (prep !== undefined && preps.has(prep)) return { value: span, cued: true };
    if (bareNames && prep !== undefined && !/[.!?]\s*$/.test(before)) bare ??= span;
  }
  if (bare !== undefined) return { value: bare, cued: false };
  const folded = foldText(text);
  const phrase = phrases.find(({ re }) => re.test(folded))?.phrase;
  return phrase === undefined ? undefined : { value: phrase, cued: true };
}
