import { checkOptions, is, required } from '@agentweb/core';
import { SERVICES_RULE } from '../option-rules.js';
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

/** Okapi BM25 over a fixed list of document texts (stemmed content words). */
export interface Bm25Index {
  /** Number of indexed documents. */
  readonly size: number;
  /** Scores every document holding a query stem; a stem of weight w adds w times its BM25 term score. */
  score(query: ReadonlyMap<string, number>): Map<number, number>;
  /**
   * The same scores as a dense array indexed by document, with the documents touched and the best score;
   * term scores are precomputed per posting, which keeps this cheap enough to run inside every match.
   */
  scoreDense(query: ReadonlyMap<string, number>): { scores: Float64Array; touched: number[]; max: number };
}

/** Builds a {@link Bm25Index} over `texts` (k1 default 1.2, b default 0.75). */
export function createBm25Index(texts: readonly string[], k1 = 1.2, b = 0.75): Bm25Index {
  const docs = texts.map((text) => {
    const tf = new Map<string, number>();
    const toks = contentStems(text);
    for (const t of toks) tf.set(t, (tf.get(t) ?? 0) + 1);
    return { tf, len: toks.length };
  });
  const avg = docs.reduce((a, d) => a + d.len, 0) / Math.max(1, docs.length);
  const postings = new Map<string, number[]>();
  docs.forEach((d, i) => {
    for (const t of d.tf.keys()) {
      const list = postings.get(t) ?? [];
      list.push(i);
      postings.set(t, list);
    }
  });
  const n = docs.length;
  const idfOf = (df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));
  const termScore = (d: (typeof docs)[number], f: number, idf: number) =>
    (idf * f * (k1 + 1)) / (f + k1 * (1 - b + (b * d.len) / avg));
  const dense = new Map<string, { docs: Int32Array; parts: Float64Array }>();
  for (const [t, list] of postings) {
    const idf = idfOf(list.length);
    dense.set(t, {
      docs: Int32Array.from(list),
      parts: Float64Array.from(list, (i) => {
        const d = docs[i] as (typeof docs)[number];
        return termScore(d, d.tf.get(t) ?? 0, idf);
      }),
    });
  }
  return {
    size: n,
    scoreDense(query) {
      const scores = new Float64Array(n);
      const touched: number[] = [];
      let max = 0;
      for (const [q, w] of query) {
        const p = dense.get(q);
        if (!p) continue;
        for (let k = 0; k < p.docs.length; k++) {
          const i = p.docs[k] as number;
          if (scores[i] === 0) touched.push(i);
          const v = (scores[i] as number) + w * (p.parts[k] as number);
          scores[i] = v;
          if (v > max) max = v;
        }
      }
      return { scores, touched, max };
    },
    score(query) {
      const scores = new Map<number, number>();
      for (const [q, w] of query) {
        const list = postings.get(q);
        if (!list) continue;
        const idf = idfOf(list.length);
        for (const i of list) {
          const d = docs[i];
          if (!d) continue;
          scores.set(i, (scores.get(i) ?? 0) + w * termScore(d, d.tf.get(q) ?? 0, idf));
        }
      }
      return scores;
    },
  };
}

/**
 * Indexes method, path, intent, service description and parameter hints of every endpoint,
 * the same fields as the README's TF-IDF reference point.
 */
export function createBm25Matcher(options: Bm25Options): Bm25Matcher {
  checkOptions(
    'createBm25Matcher',
    options,
    { services: required(SERVICES_RULE), k1: is.nonNegativeNumber, b: is.nonNegativeNumber },
    { optionsRequired: true },
  );
  const meta: { service: string; method: string; path: string }[] = [];
  const texts: string[] = [];
  for (const s of options.services) {
    for (const e of s.endpoints) {
      const hints = Object.entries(e.semantic.parameter_hints ?? {}).flatMap(([k, v]) => [
        k.replace(/_/g, ' '),
        ...v,
      ]);
      texts.push(
        [e.method, e.path.replace(/[/{}_-]/g, ' '), e.semantic.intent, s.description ?? '', ...hints].join(
          ' ',
        ),
      );
      meta.push({ service: s.service, method: e.method, path: e.path });
    }
  }
  const index = createBm25Index(texts, options.k1, options.b);
  return {
    match(instruction, topK = 3) {
      const query = new Map(contentStems(instruction).map((q) => [q, 1] as const));
      return [...index.score(query).entries()]
        .sort((x, y) => y[1] - x[1] || x[0] - y[0])
        .slice(0, topK)
        .map(([i, score]) => ({ ...(meta[i] as (typeof meta)[number]), score }));
    },
  };
}
