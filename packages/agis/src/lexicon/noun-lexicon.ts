import { NOUN_SENSES, NOUN_SYNSETS } from './noun-lexicon-data.js';

/** Related nouns of one noun, from WordNet 3.1 (first two senses). */
export interface NounRelations {
  /** The noun lemma the word was read as ("suitcases" -> "suitcase"). */
  lemma: string;
  /** Single-word synonyms (other members of the same synsets). */
  synonyms: string[];
  /** Single-word hypernym members per level, nearest first: [[ache], [pain], [symptom]] for "headache". */
  hypernyms: string[][];
}

interface NounTables {
  senses: Map<string, number[]>;
  synsets: Array<{ members: string[]; hypernym: number | undefined }>;
}

let tables: NounTables | undefined;

// Decoded on first use so that importing the package stays cheap.
function load(): NounTables {
  if (tables) return tables;
  const senses = new Map<string, number[]>();
  for (const entry of NOUN_SENSES.split('|')) {
    const colon = entry.indexOf(':');
    senses.set(
      entry.slice(0, colon),
      entry
        .slice(colon + 1)
        .split(',')
        .map((x) => Number.parseInt(x, 36)),
    );
  }
  const synsets = NOUN_SYNSETS.split('|').map((entry) => {
    const [members = '', hypernym = ''] = entry.split('>');
    return {
      members: members === '' ? [] : members.split(' '),
      hypernym: hypernym === '' ? undefined : Number.parseInt(hypernym, 36),
    };
  });
  tables = { senses, synsets };
  return tables;
}

function nounLemma(word: string, senses: ReadonlyMap<string, number[]>): string | undefined {
  const w = word.toLowerCase();
  if (senses.has(w)) return w;
  // Regular plurals only; the lexicon keeps common nouns, whose irregular plurals rarely name services.
  for (const candidate of [
    w.endsWith('ies') ? `${w.slice(0, -3)}y` : '',
    w.endsWith('es') ? w.slice(0, -2) : '',
    w.endsWith('s') ? w.slice(0, -1) : '',
  ]) {
    if (candidate !== '' && senses.has(candidate)) return candidate;
  }
  return undefined;
}

/**
 * Synonyms and hypernyms (up to three levels) of a common English noun, or undefined when the lexicon
 * does not know it. Case-insensitive; regular plurals are reduced first. Never throws.
 */
export function nounRelations(word: string): NounRelations | undefined {
  const { senses, synsets } = load();
  const lemma = nounLemma(word, senses);
  if (lemma === undefined) return undefined;
  const synonyms = new Set<string>();
  const levels: Array<Set<string>> = [new Set(), new Set(), new Set()];
  for (const start of senses.get(lemma) ?? []) {
    for (const m of synsets[start]?.members ?? []) if (m !== lemma) synonyms.add(m);
    let at = synsets[start]?.hypernym;
    for (let level = 0; level < levels.length && at !== undefined; level++) {
      for (const m of synsets[at]?.members ?? []) levels[level]?.add(m);
      at = synsets[at]?.hypernym;
    }
  }
  return { lemma, synonyms: [...synonyms], hypernyms: levels.map((l) => [...l]) };
}
