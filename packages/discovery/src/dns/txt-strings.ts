const utf8 = new TextDecoder('utf-8');

/**
 * Joins the character-strings of one TXT record with no separator, then decodes UTF-8 once, so a multi-byte
 * character split across two 255-byte strings survives. Invalid bytes become U+FFFD, which the CAP rules
 * reject by name.
 */
export function joinTxtStrings(chunks: readonly (string | Uint8Array)[]): string {
  const parts = chunks.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk));
  return utf8.decode(Buffer.concat(parts));
}
