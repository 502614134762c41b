import { editDistance, foldText, isStopword, stem, wordTokens } from '../text.js';
import type { CatalogIndex } from './catalog.js';
import { glossToken, phraseExpansions } from './multilingual.js';
import type { VerbLexicon } from './types.js';

/** Analysed instruction: weighted stems plus the folded text. */
export interface AnalysedQuery {
  readonly folded: string;
  /** stem -> weight (1 for words as written, less for derived words). */
  readonly terms: ReadonlyMap<string, number>;
  /** Stems of words that look like proper names or identifiers (low routing value). */
  readonly nameLike: ReadonlySet<string>;
  /** Stems used as the instruction's action verb (they match method verbs, not path nouns). */
  readonly verbStems: ReadonlySet<string>;
  /** Text handed to the embedder (instruction plus English glosses). */
  readonly embedText: string;
  /** Notes for `reasons` (spelling fixes, glosses). */
  readonly notes: readonly string[];
  /** Instruction stem -> catalog stems related to it through the noun lexicon. */
  readonly related: ReadonlyMap<string, ReadonlySet<string>>;
  /** Stems present only as relatives of instruction nouns (they score but add no idf mass). */
  readonly relativesOnly: ReadonlySet<string>;
}

// Weight of a catalog word reached from an instruction noun: synonym, then hypernym levels 1..3.
const RELATION_WEIGHTS = [0.5, 0.4, 0.3, 0.2] as const;

function relateNoun(
  word: string,
  index: CatalogIndex,
  lexicon: VerbLexicon,
  add: (s: string, w: number) => void,
  related: Map<string, Set<string>>,
): void {
  const rel = lexicon.nounRelations?.(word);
  if (!rel) return;
  const from = stem(word);
  const levels = [rel.synonyms, ...rel.hypernyms];
  levels.forEach((words, level) => {
    for (const w of words) {
      const s = stem(w);
      if (s === from || !index.idf.has(s) || isStopword(s)) continue;
      add(s, RELATION_WEIGHTS[level] ?? 0.2);
      let set = related.get(from);
      if (!set) {
        set = new Set();
        related.set(from, set);
      }
      set.add(s);
    }
  });
}

function correct(s: string, index: CatalogIndex): string | undefined {
  if (s.length < 4 || /\d/.test(s) || index.idf.has(s)) return undefined;
  const max = s.length >= 7 ? 2 : 1;
  let best: string | undefined;
  let bestD = max + 1;
  for (let len = s.length - max; len <= s.length + max; len++) {
    for (const v of index.vocabByLength.get(len) ?? []) {
      if (v[0] !== s[0] && s.length < 6) continue;
      const d = editDistance(s, v, max);
      if (d < bestD || (d === bestD && best !== undefined && preferred(v, best, index))) {
        bestD = d;
        best = v;
      }
    }
  }
  return bestD <= max ? best : undefined;
}

function cachedCorrect(
  s: string,
  index: CatalogIndex,
  cache: Map<string, string | undefined> | undefined,
): string | undefined {
  if (!cache) return correct(s, index);
  if (cache.has(s)) return cache.get(s);
  const c = correct(s, index);
  if (cache.size > 10_000) cache.clear();
  cache.set(s, c);
  return c;
}

/** Tie-break between equally distant corrections: method verbs, then longer words (typos drop letters), then order. */
function preferred(a: string, b: string, index: CatalogIndex): boolean {
  const va = index.verbWords.has(a);
  const vb = index.verbWords.has(b);
  if (va !== vb) return va;
  if (a.length !== b.length) return a.length > b.length;
  return a < b;
}

// Lemmas and stems of words depend only on the lexicon; everyday words recur across instructions, so
// each is worked out once per lexicon (bounded so a stream of odd tokens cannot grow it without limit).
const wordCaches = new WeakMap<VerbLexicon, Map<string, { lemma: string | null; stem: string }>>();

function wordInfo(word: string, lexicon: VerbLexicon): { lemma: string | null; stem: string } {
  let cache = wordCaches.get(lexicon);
  if (!cache) {
    cache = new Map();
    wordCaches.set(lexicon, cache);
  }
  let info = cache.get(word);
  if (!info) {
    if (cache.size > 20_000) cache.clear();
    info = { lemma: lexicon.lemmatizeVerb(word) ?? null, stem: stem(word) };
    cache.set(word, info);
  }
  return info;
}

/** Tokenises, glosses, expands idioms, lemmatizes and spell-corrects an instruction. */
export function analyseQuery(
  instruction: string,
  index: CatalogIndex,
  lexicon: VerbLexicon,
  spellCache?: Map<string, string | undefined>,
): AnalysedQuery {
  const folded = foldText(instruction);
  const terms = new Map<string, number>();
  const nameLike = new Set<string>();
  const notes: string[] = [];
  const extra: string[] = [];
  const add = (s: string, w: number) => {
    if (s.length === 0 || isStopword(s)) return;
    terms.set(s, Math.max(terms.get(s) ?? 0, w));
  };
  const addWord = (word: string, w: number) => {
    if (isStopword(word)) return;
    const { lemma, stem: s } = wordInfo(word, lexicon);
    const corrected = w >= 1 && lemma == null ? cachedCorrect(s, index, spellCache) : undefined;
    if (corrected) {
      add(corrected, w * 0.85);
      notes.push(`read "${word}" as "${corrected}"`);
    } else add(s, w);
    if (lemma && lemma !== word) add(stem(lemma), w);
  };

  // Capitalised words after the first token are likely names; they route weakly.
  const rawWords = instruction.split(/\s+/);
  rawWords.forEach((raw, i) => {
    if (i > 0 && /^[A-Z][a-z]/.test(raw)) for (const t of wordTokens(raw)) nameLike.add(stem(t));
    if (/\d/.test(raw) && /[a-z]/i.test(raw)) for (const t of wordTokens(raw)) nameLike.add(stem(t));
  });

  for (const word of wordTokens(instruction)) {
    const gloss = glossToken(word);
    if (gloss !== undefined) {
      extra.push(gloss);
      for (const g of gloss.split(' ')) addWord(g, 0.9);
      if (!index.idf.has(stem(word))) continue;
    }
    addWord(word, 1);
  }
  for (const w of phraseExpansions(folded)) {
    extra.push(w);
    addWord(w, 0.8);
  }
  const verbStems = new Set<string>();
  const words = wordTokens(instruction);
  // Imperatives open with the verb; requests put it after "to", "please" or "can you".
  words.forEach((w, i) => {
    const prevWord = i > 0 ? words[i - 1] : undefined;
    const opener =
      i === 0 || prevWord === 'to' || prevWord === 'please' || prevWord === 'pls' || prevWord === 'you';
    const lemma = opener ? wordInfo(w, lexicon).lemma : null;
    if (lemma != null) verbStems.add(stem(lemma));
  });
  const related = new Map<string, Set<string>>();
  const before = new Set(terms.keys());
  for (const word of words) {
    const s = stem(word);
    // Only words the catalog never uses: relating known words would blur the fields they already hit.
    if (word.length < 3 || isStopword(word) || nameLike.has(s) || verbStems.has(s) || index.idf.has(s))
      continue;
    relateNoun(word, index, lexicon, add, related);
  }
  if (extra.length > 0) notes.push(`also read as: ${[...new Set(extra)].join(', ')}`);
  return {
    folded,
    terms,
    nameLike,
    verbStems,
    embedText: `${instruction} ${extra.join(' ')}`,
    notes,
    related,
    relativesOnly: new Set([...terms.keys()].filter((t) => !before.has(t))),
  };
}
