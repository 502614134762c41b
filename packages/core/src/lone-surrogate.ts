// In a `u` regex a lone surrogate (a UTF-16 half without its partner) is one code point of category Cs; a
// well-formed pair is one astral code point and does not match.
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Whether `text` holds a lone surrogate, i.e. is not well-formed Unicode (`String.prototype.isWellFormed` is ES2024,
 * past this repository's lib). UTF-8 cannot carry one: Node and ioredis write each as U+FFFD, so two such texts, or
 * one and its look-alike with U+FFFD, become the same bytes in Redis, a file or a hash.
 */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}
