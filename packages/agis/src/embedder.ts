import { checkOptions, is } from '@agentweb/core';
import { contentStems, foldText } from './text.js';

/**
 * Turns texts into vectors whose cosine measures how related the texts are. The validator (pass 6) and
 * the intent matcher (intent confirmation) both accept one, e.g. a sentence-transformer.
 */
export interface Embedder {
  /** One vector per text; the vectors of one call share a length. */
  embed(texts: readonly string[]): Promise<number[][]>;
}

/** Options of {@link createLexicalEmbedder}. */
export interface LexicalEmbedderOptions {
  /** Vector length. Default 1024. */
  dimensions?: number;
  /** Weight of character trigram features relative to whole-word features. Default 0.35. */
  trigramWeight?: number;
}

const FNV_OFFSET = 0x811c9dc5;

/** FNV-1a state after hashing `text[from, to)` onto state `h` (unsigned 32-bit arithmetic via imul). */
function fnvStep(h: number, text: string, from = 0, to = text.length): number {
  let x = h;
  for (let i = from; i < to; i++) {
    x ^= text.charCodeAt(i);
    x = Math.imul(x, 0x01000193);
  }
  return x;
}

// FNV-1a: deterministic across runs and platforms, so vectors are reproducible. Words hash as "w:" + stem
// and trigrams as "c:" + trigram; the prefixes' states are computed once and the trigram hashed in place.
const WORD_STATE = fnvStep(FNV_OFFSET, 'w:');
const TRIGRAM_STATE = fnvStep(FNV_OFFSET, 'c:');

/**
 * Hashed bag of stemmed content words plus character trigrams of each word, L2-normalised, as a sparse
 * map from dimension to value. Trigrams let typos and cognates ("reserva", "reservation") overlap.
 */
export function sparseLexicalVector(text: string, options: LexicalEmbedderOptions = {}): Map<number, number> {
  const dims = options.dimensions ?? 1024;
  const triWeight = options.trigramWeight ?? 0.35;
  const v = new Map<number, number>();
  const bump = (i: number, by: number) => v.set(i, (v.get(i) ?? 0) + by);
  for (const s of contentStems(foldText(text))) {
    bump((fnvStep(WORD_STATE, s) >>> 0) % dims, 1);
    const padded = `^${s}$`;
    for (let i = 0; i + 3 <= padded.length; i++)
      bump((fnvStep(TRIGRAM_STATE, padded, i, i + 3) >>> 0) % dims, triWeight);
  }
  let norm = 0;
  for (const x of v.values()) norm += x * x;
  norm = Math.sqrt(norm);
  if (norm > 0) for (const [i, x] of v) v.set(i, x / norm);
  return v;
}

/** {@link sparseLexicalVector} as a dense vector. */
export function lexicalVector(text: string, options: LexicalEmbedderOptions = {}): Float64Array {
  const v = new Float64Array(options.dimensions ?? 1024);
  for (const [i, x] of sparseLexicalVector(text, options)) v[i] = x;
  return v;
}

/** Cosine of two vectors (0 when either is all zeros). */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

/**
 * The built-in deterministic embedder (no model, no network) used by default by both the validator and
 * the matcher. It measures lexical relatedness, not meaning: it cannot see that "Moves the event" is a
 * paraphrase of RESCHEDULE, which is why the validator only warns on low similarity with it.
 */
export function createLexicalEmbedder(options: LexicalEmbedderOptions = {}): Embedder {
  checkOptions('createLexicalEmbedder', options, {
    dimensions: is.positiveInteger,
    trigramWeight: is.nonNegativeNumber,
  });
  return { embed: async (texts) => texts.map((t) => Array.from(lexicalVector(t, options))) };
}
