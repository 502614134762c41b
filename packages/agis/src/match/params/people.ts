const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const NAME = /(?<![\w@.])[A-Z][a-z'’-]+(?:\s+[A-Z][a-z'’-]+)?(?![\w@])/g;
const NOT_A_PERSON =
  /^(?:I|Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)(?:day)?$|^(?:January|February|March|April|May|June|July|August|September|October|November|December)$/;

/** True when a property's hints name people ("with Priya and Tom", "add Tom", "dana@acme.example"). */
export function hintsNamePeople(hints: readonly string[]): boolean {
  return hints.some((h) => /[\w.+-]+@[\w-]+\.[\w-]+/.test(h) || /\s[A-Z][a-z]+/.test(h.replace(/^\S+/, '')));
}

/**
 * People named in the instruction: e-mail addresses and capitalised names that are not the opening
 * word, a weekday, a month, or a word of the catalog vocabulary (service and product names).
 */
export function findPeople(text: string, catalogWord: (word: string) => boolean): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(EMAIL)) out.push(m[0]);
  for (const m of text.matchAll(NAME)) {
    const first = m[0].split(/\s+/)[0] ?? '';
    if (m.index === 0 || /[.!?:]\s*$/.test(text.slice(Math.max(0, m.index - 3), m.index))) continue;
    if (NOT_A_PERSON.test(first) || catalogWord(first.toLowerCase())) continue;
    const parts = m[0].split(/\s+/).filter((p) => !NOT_A_PERSON.test(p) && !catalogWord(p.toLowerCase()));
    if (parts.length > 0) out.push(parts.join(' '));
  }
  return out;
}
