/**
 * Requests no AGIS endpoint may legitimately serve: prompt injection, bulk access to other
 * people's data, covert action against a third party, forgery and evidence tampering.
 * These are general policy patterns, independent of any service.
 */
const UNSAFE_PATTERNS: readonly RegExp[] = [
  /\b(?:ignore|disregard|forget|override)\b[^.]{0,40}\b(?:instructions?|rules?|prompt|guidelines?|polic(?:y|ies))\b/,
  /\bsystem prompt\b/,
  /\b(?:every|all(?: the)?|each)\s+(?:\w+\s+){0,2}(?:customers?|patients?|users?|members?|guests?|employees?|parcels?|people|accounts?)'?s?\b[^.]{0,60}\b(?:numbers?|address(?:es)?|diagnos[ie]s|records?|data|details?|tracking|phone)/,
  /\b(?:list|export|dump|tell me|give me)\b[^.]{0,30}\b(?:every|all)\s+(?:\w+\s+){0,2}(?:customers?|patients?|users?|parcels?|people)\b/,
  /\bwithout (?:him|her|them|anyone|my \w+) (?:noticing|knowing)\b/,
  /\b(?:fake|forged?|counterfeit|falsif(?:y|ied))\b/,
  /\b(?:wipe|erase|scrub|tamper)\b[^.]{0,40}\b(?:log|logs|record|records|history|audit)\b/,
  /\b(?:other people|others|someone else)(?:'s)?\b[^.]{0,40}\b(?:reviews?|accounts?|data|records?)\b/,
  /\bwithout (?:a |an )?(?:prescription|consent|permission|authori[sz]ation)\b/,
];

/** True when the folded instruction matches a general unsafe-request pattern. */
export function isUnsafeRequest(foldedText: string): boolean {
  return UNSAFE_PATTERNS.some((re) => re.test(foldedText));
}
