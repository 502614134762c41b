/** What stands in for a withheld secret. */
export const SECRET_WITHHELD = '[withheld]';

/**
 * `text` with every occurrence of each secret replaced by `[withheld]`, so a credential a peer or a library
 * echoes never reaches an error, a log or a result. Secrets shorter than 4 characters are left alone: replacing
 * them would shred ordinary text and hide nothing worth hiding.
 */
export function withholdSecrets(text: string, secrets: readonly string[] | undefined): string {
  let out = text;
  for (const secret of secrets ?? []) if (secret.length >= 4) out = out.split(secret).join(SECRET_WITHHELD);
  return out;
}
