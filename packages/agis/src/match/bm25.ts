import { contentStems } from '../text.js';
import type { MatcherService } from './types.js';

/** A ranked endpoint from the BM25 baseline. */
export interface Bm25Hit {
  /** The document's `service` string. */
  readonly service: string;
  /** Method verb. */
  readonly method: string;
  /** Templated path. */
  readonly path: string;
  /** BM25 score. */
  readonly score: number;
}

/** Plain Okapi BM25 over endpoint texts: the benchmark's baseline (never abstains). */
export interface Bm25Matcher {
  /** Top-k endpoints for an instruction. */
  match(instruction: string, topK?: number): Bm25Hit[];
}

/** Options of {@link createBm25Matcher}. */
export interface Bm25Options {
  /** Parsed AGIS documents. */
  readonly services: readonly MatcherService[];
  /** Term-frequency saturation (default 1.2). */
  readonly k1?: number;
  /** Length normalisation (default 0.75). */
  readonly b?: number;
}

/**
 * Indexes method, path, intent, service description and parameter hints of every endpoint,
 * the same fields as the README's TF-IDF reference point.
 */
export function createBm25Matcher(options: Bm25Options): Bm25Matcher {
  const k1 = options.k1 ?? 1.2;
  const b = options.b ?? 0.75;
  const docs: { service: string; method: string; path: string; tf: Map<string, number>; len: number }[] = [];
  for (const s of options.services) {
    for (const e of s.endpoints) {
      const hints = Object.entries(e.semantic.parameter_hints ?? {}).flatMap(([k, v]) => [
        k.replace(/_/g, ' '),
        ...v,
      ]);
      const text = [
        e.method,
        e.path.replace(/[/{}_-]/g, ' '),
        e.semantic.intent,
        s.description ?? '',
        ...hints,
      ].join(' ');
      const tf = new Map<string, number>();
      const toks = contentStems(text);
      for (const t of toks) tf.set(t, (tf.get(t) ?? 0) + 1);
      docs.push({ service: s.service, method: e.method, path: e.path, tf, len: toks.length });
    }
  }
  const avg = docs.reduce((a, d) => a + d.len, 0) / Math.max(1, docs.length);
  const df = new Map<string, number>();
  for (const d of docs) for (const t of d.tf.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const postings = new Map<string, number[]>();
  docs.forEach((d, i) => {
    for (const t of d.tf.keys()) {
      const list = postings.get(t) ?? [];
      list.push(i);
      postings.set(t, list);
    }
  });
  const n = docs.length;
  return {
    match(instruction, topK = 3) {
      const scores = new Map<number, number>();
      for (const q of new Set(contentStems(instruction))) {
        const nq = df.get(q) ?? 0;
        if (nq === 0) continue;
        const idf = Math.log(1 + (n - nq + 0.5) / (nq + 0.5));
        for (const i of postings.get(q) ?? []) {
          const d = docs[i];
          if (!d) continue;
          const f = d.tf.get(q) ?? 0;
          scores.set(i, (scores.get(i) ?? 0) + (idf * f * (k1 + 1)) / (f + k1 * (1 - b + (b * d.len) / avg)));
        }
      }
      return [...scores.entries()]
        .sort((x, y) => y[1] - x[1] || x[0] - y[0])
        .slice(0, topK)
        .map(([i, score]) => {
          const d = docs[i] as (typeof docs)[number];
          return { service: d.service, method: d.method, path: d.path, score };
        });
    },
  };
}
