import { ANTONYMS, EXTRA, INFO, IRREGULAR, LEMMAS, SYNSETS } from './verb-lexicon-data.js';

/** What the lexicon knows about one verb lemma. */
export interface VerbInfo {
  /** The lemma (base form), lowercase. */
  lemma: string;
  /** Number of WordNet verb senses (0 for verbs from the supplement list or derived by prefix). */
  verbSenses: number;
  /** Sense-tagged corpus count of verb usages: how common the word is as a verb. */
  verbTagged: number;
  /** Number of WordNet noun senses of the same spelling (0 when it is not a noun). */
  nounSenses: number;
  /** Sense-tagged corpus count of noun usages. */
  nounTagged: number;
  /**
   * WordNet lexicographer file of the most frequent verb sense (29 body ... 42 stative, 43 weather;
   * 0 when unknown).
   */
  lexFile: number;
  /** How the lemma is known: WordNet, the supplement list, or a known verb with a prefix (re-, un-, ...). */
  source: 'wordnet' | 'supplement' | 'prefix';
}

/** The kind of inflection a word carries. */
export type VerbInflection = 'ing' | 'ed' | 's' | 'irregular';

interface Tables {
  index: Map<string, number>;
  info: string[];
  lemmas: string[];
  synsetsOf: Map<number, number[][]>;
  irregular: Map<string, string>;
  extra: Set<string>;
  antonyms: Map<string, string[]>;
}

let tables: Tables | undefined;

// Decoded lazily: importing the package must stay cheap for callers that never validate a verb.
function load(): Tables {
  if (tables) return tables;
  const lemmas = LEMMAS.split('|');
  const index = new Map<string, number>();
  lemmas.forEach((w, i) => {
    index.set(w, i);
  });
  const synsetsOf = new Map<number, number[][]>();
  for (const group of SYNSETS.split('|')) {
    const members = group.split(',').map(Number);
    for (const m of members) {
      const list = synsetsOf.get(m);
      if (list) list.push(members);
      else synsetsOf.set(m, [members]);
    }
  }
  const irregular = new Map<string, string>();
  for (const pair of IRREGULAR.split('|')) {
    const [form, lemma] = pair.split(':') as [string, string];
    irregular.set(form, lemma);
  }
  const antonyms = new Map<string, string[]>();
  for (const pair of ANTONYMS.split('|')) {
    const [a, b] = pair.split(':') as [string, string];
    antonyms.set(a, [...(antonyms.get(a) ?? []), b]);
    antonyms.set(b, [...(antonyms.get(b) ?? []), a]);
  }
  tables = {
    index,
    info: INFO.split('|'),
    lemmas,
    synsetsOf,
    irregular,
    extra: new Set(EXTRA.split('|')),
    antonyms,
  };
  return tables;
}

const PREFIXES = ['re', 'un', 'pre', 'de', 'dis', 'co', 'mis'];

function normalize(word: string): string | null {
  if (typeof word !== 'string' || word.length === 0 || word.length > 64) return null;
  const w = word.trim().toLowerCase();
  return /^[a-z][a-z' -]*$/.test(w) ? w : null;
}

function lemmaSource(w: string): VerbInfo['source'] | null {
  const t = load();
  if (t.index.has(w)) return 'wordnet';
  if (t.extra.has(w)) return 'supplement';
  for (const p of PREFIXES) {
    if (w.length - p.length >= 3 && w.startsWith(p)) {
      const rest = w.slice(p.length);
      if (t.index.has(rest) || t.extra.has(rest)) return 'prefix';
    }
  }
  return null;
}

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u']);

function stemCandidates(w: string): Array<[string, VerbInflection]> {
  const out: Array<[string, VerbInflection]> = [];
  const undouble = (stem: string): string | null => {
    const n = stem.length;
    if (n >= 3 && stem[n - 1] === stem[n - 2] && !VOWELS.has(stem[n - 1]!)) return stem.slice(0, -1);
    return null;
  };
  if (w.endsWith('ing') && w.length > 4) {
    const stem = w.slice(0, -3);
    out.push([stem, 'ing'], [`${stem}e`, 'ing']);
    const u = undouble(stem);
    if (u) out.push([u, 'ing']);
    if (stem.endsWith('y')) out.push([`${stem.slice(0, -1)}ie`, 'ing']);
  }
  if (w.endsWith('ed') && w.length > 3) {
    const stem = w.slice(0, -2);
    if (w.endsWith('ied')) out.push([`${w.slice(0, -3)}y`, 'ed']);
    out.push([stem, 'ed'], [w.slice(0, -1), 'ed']);
    const u = undouble(stem);
    if (u) out.push([u, 'ed']);
  }
  if (w.endsWith('s') && !w.endsWith('ss') && w.length > 2) {
    if (w.endsWith('ies')) out.push([`${w.slice(0, -3)}y`, 's']);
    if (w.endsWith('es')) out.push([w.slice(0, -2), 's']);
    out.push([w.slice(0, -1), 's']);
  }
  return out;
}

/** The lemma and inflection of an inflected verb form that is not itself a lemma, else null. */
export function verbInflection(word: string): { lemma: string; inflection: VerbInflection } | null {
  const w = normalize(word);
  if (!w || lemmaSource(w)) return null;
  const t = load();
  const irregular = t.irregular.get(w);
  if (irregular) return { lemma: irregular, inflection: 'irregular' };
  for (const [stem, inflection] of stemCandidates(w)) {
    if (stem.length >= 2 && lemmaSource(stem)) return { lemma: stem, inflection };
  }
  return null;
}

/** True when `word` (any case) is itself a verb lemma: the uninflected base form of a verb. */
export function isBaseFormVerb(word: string): boolean {
  const w = normalize(word);
  return w !== null && lemmaSource(w) !== null;
}

/** The base form of a verb (`booked` -> `book`, `process` -> `process`), or null when not a verb. */
export function lemmatizeVerb(word: string): string | null {
  const w = normalize(word);
  if (!w) return null;
  if (lemmaSource(w)) return w;
  return verbInflection(w)?.lemma ?? null;
}

/** True when `word` is a verb lemma or an inflected form of one. */
export function isKnownVerb(word: string): boolean {
  return lemmatizeVerb(word) !== null;
}

/** Lexicon facts about the lemma of `word`, or null when it is not a verb. */
export function verbInfo(word: string): VerbInfo | null {
  const lemma = lemmatizeVerb(word);
  if (!lemma) return null;
  const t = load();
  const i = t.index.get(lemma);
  const source = lemmaSource(lemma)!;
  if (i === undefined) {
    return { lemma, verbSenses: 0, verbTagged: 0, nounSenses: 0, nounTagged: 0, lexFile: 0, source };
  }
  const [vs, vt, ns, nt, lf] = t.info[i]!.split('.').map(Number) as [number, number, number, number, number];
  return { lemma, verbSenses: vs, verbTagged: vt, nounSenses: ns, nounTagged: nt, lexFile: lf, source };
}

/**
 * WordNet synonyms of a verb: the other members of every synset of its lemma, lowercase, most common
 * first (multi-word lemmas such as `look for` included, with spaces). Empty when unknown.
 */
export function verbSynonyms(verb: string): string[] {
  const lemma = lemmatizeVerb(verb);
  if (!lemma) return [];
  const t = load();
  const i = t.index.get(lemma);
  if (i === undefined) return [];
  const seen = new Set<number>();
  for (const group of t.synsetsOf.get(i) ?? []) {
    for (const m of group) if (m !== i) seen.add(m);
  }
  const tagged = (m: number) => Number(t.info[m]!.split('.')[1]);
  return [...seen].sort((a, b) => tagged(b) - tagged(a) || a - b).map((m) => t.lemmas[m]!);
}

/**
 * Verbs of opposite meaning: WordNet antonym pointers (`accept` -> `reject`, `refuse`) plus the
 * un- reversals that the lexicon knows as verbs (`freeze` <-> `unfreeze`, `enroll` <-> `unenroll`).
 */
export function verbAntonyms(verb: string): string[] {
  const lemma = lemmatizeVerb(verb);
  if (!lemma) return [];
  const out = new Set(load().antonyms.get(lemma) ?? []);
  // Only un- is a reliable reversal; de-/dis- also form unrelated words (display, detail, discover).
  if (lemma.startsWith('un') && isBaseFormVerb(lemma.slice(2))) out.add(lemma.slice(2));
  else if (isBaseFormVerb(`un${lemma}`)) out.add(`un${lemma}`);
  return [...out];
}
