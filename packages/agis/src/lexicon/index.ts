/**
 * English verb lexicon compacted from WordNet 3.1 (see scripts/build-lexicon.mjs); no WordNet files are
 * read at runtime. Contract (all functions are case-insensitive, synchronous and never throw):
 *
 *   isBaseFormVerb(word: string): boolean        // PROCESS, ACCESS, SHED, BRING -> true; BOOKING, BOOKED, BOOKS -> false
 *   lemmatizeVerb(word: string): string | null   // 'booked' -> 'book', 'process' -> 'process', 'status' -> null
 *   verbInflection(word: string): { lemma: string; inflection: 'ing' | 'ed' | 's' | 'irregular' } | null
 *                                                // only for inflected forms that are not lemmas themselves
 *   verbSynonyms(verb: string): string[]         // synset co-members of the lemma, lowercase, most common first
 *   isKnownVerb(word: string): boolean           // a lemma or an inflection of one
 *   verbInfo(word: string): VerbInfo | null      // sense counts, noun homograph counts, lexicographer file
 *   verbAntonyms(verb: string): string[]         // WordNet antonyms plus un- reversals
 *
 * A word is a base form when it is a WordNet verb lemma, a supplement verb (triage, onboard, geocode, ...)
 * or a known verb with a re-/un-/pre-/de-/dis-/co-/mis- prefix (rebook, unsubscribe). A word that is a
 * lemma is a base form even when it also looks inflected (seed, bring, process, found).
 */

export { type NounRelations, nounRelations } from './noun-lexicon.js';
export {
  isBaseFormVerb,
  isKnownVerb,
  lemmatizeVerb,
  type VerbInflection,
  type VerbInfo,
  verbAntonyms,
  verbInflection,
  verbInfo,
  verbSynonyms,
} from './verb-lexicon.js';
