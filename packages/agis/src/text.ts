/** Lowercases, folds diacritics and typographic quotes so "Réserve" and "reserve" meet. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .toLowerCase();
}

/**
 * {@link foldText} that keeps every UTF-16 unit in place (a character whose folding would change the length is
 * kept as it is), so positions found in the result are positions in `text`.
 */
export function foldSameLength(text: string): string {
  return text.replace(/[^ -~\t\n\r]|[A-Z]/g, (ch) => {
    if (ch <= 'Z') return ch.toLowerCase();
    const f = foldText(ch);
    return f.length === 1 ? f : ch;
  });
}

/** Splits folded text into word tokens (letters/digits), dropping possessive 's. */
export function wordTokens(text: string): string[] {
  const out: string[] = [];
  for (const m of foldText(text).matchAll(/[a-z0-9]+(?:'[a-z]+)?/g)) {
    let w = m[0];
    const apos = w.indexOf("'");
    if (apos >= 0) {
      const tail = w.slice(apos + 1);
      // Contractions carry negation or pronouns; possessives carry the noun.
      w = tail === 't' ? `${w.slice(0, apos)}t` : w.slice(0, apos);
    }
    if (w.length > 0) out.push(w);
  }
  return out;
}

const STOPWORDS = new Set(
  (
    'a an the and or but if of to in on at by for from with about as into onto over under after before ' +
    'is are was were be been being am do does did done have has had having i me my mine we us our you your ' +
    'he him his she her it its they them their this that these those there here what which who whom whose ' +
    'when where why how can could would should will shall may might must please pls plz just so then than ' +
    'too very really also any some all no not dont cant wont im ive id ill its lets okay ok hey hi hello ' +
    'thanks thank want wanted need needs like would get go going got make let s t up out off now'
  ).split(' '),
);

/** True for function words that carry no routing signal. */
export function isStopword(token: string): boolean {
  return STOPWORDS.has(token);
}

/**
 * Light English suffix stripper: enough to meet "reservations"/"reservation" and
 * "booked"/"book" without a dictionary; irregular forms come from the lexicon.
 */
export function stem(token: string): string {
  let w = token;
  if (w.length <= 3 || /^\d/.test(w)) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(?:ss|us|is)$/.test(w)) {
    // keep: "address", "status", "analysis"
  } else if (/(?:sses|xes|ches|shes|zes)$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = undouble(w.slice(0, -3));
  else if (w.length > 4 && w.endsWith('ed') && !w.endsWith('eed')) w = undouble(w.slice(0, -2));
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

function undouble(w: string): string {
  if (w.length > 2 && w[w.length - 1] === w[w.length - 2] && !/[lsz]/.test(w[w.length - 1] ?? '')) {
    return w.slice(0, -1);
  }
  return w;
}

/** Content tokens, stemmed. */
export function contentStems(text: string): string[] {
  return wordTokens(text)
    .filter((t) => !isStopword(t))
    .map(stem);
}

/** Optimal-string-alignment edit distance (transpositions count once) with an early exit above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, (prevPrev[j - 2] ?? 0) + 1);
      }
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prevPrev = prev;
    prev = cur;
  }
  return prev[b.length] ?? max + 1;
}
