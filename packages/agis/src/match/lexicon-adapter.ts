import { lemmatizeVerb, nounRelations, verbSynonyms } from '../lexicon/index.js';
import { stem } from '../text.js';
import type { VerbLexicon } from './types.js';

/** The package's WordNet verb lexicon, the matcher's default. */
export const wordNetLexicon: VerbLexicon = { lemmatizeVerb, verbSynonyms, nounRelations };

/**
 * Lexicon without synonyms: suffix stripping stands in for lemmatization, so routing relies
 * on endpoint text alone. Useful to measure what the lexicon contributes.
 */
export const suffixOnlyLexicon: VerbLexicon = {
  lemmatizeVerb: (word) => stem(word),
  verbSynonyms: () => [],
};
