import { checkOptions, is, required } from '@agentweb/core';
import { cosine, type Embedder, lexicalVector, sparseLexicalVector } from '../embedder.js';
import { EMBEDDER_RULE, LOCALE_RULE, SERVICES_RULE } from '../option-rules.js';
import { createBm25Index } from './bm25.js';
import {
  buildCatalog,
  type CatalogIndex,
  type IndexedEndpoint,
  POSTING_NOUN,
  POSTING_SYNONYM,
  POSTING_VERB,
} from './catalog.js';
import { checkInstruction, DEFAULT_MAX_INSTRUCTION_LENGTH, MatchAbortedError } from './errors.js';
import { createIdProbe, idLikeTokens, idMatchStrength } from './id-signals.js';
import { irreversibility } from './irreversibility.js';
import { wordNetLexicon } from './lexicon-adapter.js';
import { blankTemporal } from './params/context.js';
import { DEFAULT_DATE_LOCALE, dateOrderOf, isDateLocale } from './params/date-order.js';
import { findTemporal } from './params/datetime.js';
import { createParamContext, extractParamsFrom } from './params/extract-params.js';
import { analyseQuery } from './query.js';
import { isUnsafeRequest } from './safety.js';
import type { MatchCandidate, MatcherService, MatchResult, ParamValue, VerbLexicon } from './types.js';

/** Options of {@link createIntentMatcher}. */
export interface IntentMatcherOptions {
  /** Parsed AGIS documents (an `AgisDocument` or the YAML-parsed object). */
  readonly services: readonly MatcherService[];
  /** Sentence embedder for intent confirmation; defaults to a deterministic lexical embedding. */
  readonly embedder?: Embedder;
  /** Reference time for relative dates ("tomorrow at 7"); defaults to the current time. */
  readonly now?: Date | (() => Date);
  /** Verb lexicon for lemmatization and synonyms; defaults to the package's WordNet lexicon. */
  readonly lexicon?: VerbLexicon;
  /** Confidence below which the matcher abstains (default {@link DEFAULT_ABSTAIN_THRESHOLD}, chosen with {@link DEFAULT_CALIBRATION}). */
  readonly abstainThreshold?: number;
  /**
   * Confidence calibration (default {@link DEFAULT_CALIBRATION}); refit it with `rankForCalibration()`
   * when you plug in your own embedder, whose similarities live on a different scale.
   */
  readonly calibration?: ConfidenceCalibration;
  /** How many lexical candidates get intent confirmation (default 24). */
  readonly confirmPool?: number;
  /** BCP 47 language hint; the matcher reads English, Spanish, French and German regardless. */
  readonly language?: string;
  /**
   * BCP 47 locale of the service or its users, whose order all-numeric dates are read in: "06/05" is June 5 in
   * `en-US` and 6 May in `en-GB`, `de-DE` or `fr-FR` (ISO 8601 dates and named months read the same everywhere).
   * Default: `language` when given, else `en-US`. {@link MatchOptions.locale} overrides it per call.
   */
  readonly locale?: string;
  /**
   * Weight of the BM25 score (over intent, outcome, path and hints, relative to the best BM25 score for
   * the instruction) in the ranking (default {@link DEFAULT_BM25_WEIGHT}, chosen by cross-validation).
   */
  readonly bm25Weight?: number;
  /**
   * Longest instruction read, in UTF-16 code units (default {@link DEFAULT_MAX_INSTRUCTION_LENGTH}, 2000). A longer
   * one is refused with {@link IntentInputError} (`AGIS_INPUT_TOO_LONG`) before any work is done.
   */
  readonly maxInstructionLength?: number;
}

/** Options of one match() call. */
export interface MatchOptions {
  /** Number of candidates to return (default 3). */
  readonly topK?: number;
  /** Aborts a pending match (relevant with a remote embedder). */
  readonly signal?: AbortSignal;
  /** The user's BCP 47 locale for this instruction's numeric dates; overrides {@link IntentMatcherOptions.locale}. */
  readonly locale?: string;
}

/** A configured matcher. */
export interface IntentMatcher {
  /**
   * Ranks endpoints for an instruction and decides whether to abstain. Rejects with {@link IntentInputError}
   * when the instruction is not a string or is longer than `maxInstructionLength`.
   */
  match(instruction: string, options?: MatchOptions): Promise<MatchResult>;
  /**
   * Top-3 endpoints of the verb-first ranking (without BM25, whose favourite decides abstention) with the raw
   * features and margins the confidence is computed from (for recalibration).
   */
  rankForCalibration(
    instruction: string,
  ): Promise<Array<{ service: string; method: string; path: string; features: CandidateFeatures }>>;
}

/** Ranking features of one candidate; also the inputs of the confidence calibration. */
export interface CandidateFeatures {
  /** Field-weighted lexical score normalised by the instruction's idf mass, plus identifier boosts. */
  lexical: number;
  /** Intent-confirmation similarity. */
  cos: number;
  /** 1 when the method verb is used, 0.5 for a lexicon synonym, else 0. */
  verb: number;
  /** 1 when a path noun appears. */
  noun: number;
  /** 1 when an identifier fits a declared pattern or hint shape. */
  id: number;
  /** Share of the instruction's idf mass found anywhere in the endpoint's text. */
  coverage: number;
  /** Share of the instruction's idf mass unknown to the whole catalog. */
  unknown: number;
  /** Final score minus the next candidate's. */
  margin: number;
  /** Share of the instruction's idf mass found anywhere in the candidate's service. */
  serviceCoverage: number;
  /** Largest share of the idf mass held by one non-name word the candidate's service never uses. */
  foreign: number;
  /** BM25 score over intent, outcome, path and hints divided by the best BM25 score for the instruction. */
  bm25: number;
  /** Score of the verb-first ranker alone: lexical + 0.6 x cos + 0.12 x verb. */
  verbFirst: number;
  /** Combined ranking score: `verbFirst` + BM25 weight x `bm25`. */
  final: number;
}

interface Scored extends CandidateFeatures {
  readonly index: number;
  readonly idToken: string | undefined;
}

/** Features the confidence calibration weighs (a subset of {@link CandidateFeatures}). */
export const CALIBRATION_FEATURES = [
  'lexical',
  'cos',
  'verb',
  'noun',
  'id',
  'coverage',
  'unknown',
  'margin',
  'serviceCoverage',
  'foreign',
] as const;
/** Name of a calibrated feature. */
export type CalibrationFeature = (typeof CALIBRATION_FEATURES)[number];

/** Logistic calibration of "the top candidate serves the instruction": sigmoid(bias + sum weight * feature). */
export interface ConfidenceCalibration {
  /** Intercept. */
  readonly bias: number;
  /** Weight per feature; a missing feature weighs 0. `margin` is capped at 0.5 before weighing. */
  readonly weights: Readonly<Partial<Record<CalibrationFeature, number>>>;
}

/**
 * Default calibration, fitted by logistic regression on the DEV benchmark (bench/cross-validate.ts
 * reports how the same fitting procedure does on services and instructions held out of the fit).
 */
export const DEFAULT_CALIBRATION: ConfidenceCalibration = {
  bias: -1.586,
  weights: {
    lexical: 0.836,
    cos: 0.195,
    verb: 0.182,
    noun: 0.64,
    id: 0.328,
    coverage: 1.907,
    unknown: 0.264,
    margin: 1.249,
    serviceCoverage: 1.839,
    foreign: -0.538,
  },
};

/**
 * Default {@link IntentMatcherOptions.abstainThreshold}: the confidence threshold `fitModel` in
 * `bench/cross-validate.ts` chose with {@link DEFAULT_CALIBRATION} (best top-1 + abstention F1 on DEV).
 */
export const DEFAULT_ABSTAIN_THRESHOLD = 0.46;

/** The calibrated features of a candidate as a vector in {@link CALIBRATION_FEATURES} order. */
export function calibrationVector(f: CandidateFeatures): number[] {
  return CALIBRATION_FEATURES.map((k) => (k === 'margin' ? Math.min(f.margin, 0.5) : f[k]));
}

/** Confidence in [0, 1] from candidate features. */
export function calibratedConfidence(
  f: CandidateFeatures,
  calibration: ConfidenceCalibration = DEFAULT_CALIBRATION,
): number {
  const x = calibrationVector(f);
  let z = calibration.bias;
  CALIBRATION_FEATURES.forEach((k, i) => {
    z += (calibration.weights[k] ?? 0) * (x[i] ?? 0);
  });
  return 1 / (1 + Math.exp(-z));
}

/**
 * Default {@link IntentMatcherOptions.bm25Weight}: the weight `bench/cross-validate.ts` fits on all of DEV
 * (out of fold the folds chose 0.3-0.6).
 */
export const DEFAULT_BM25_WEIGHT = 0.4;

function resolveNow(now: IntentMatcherOptions['now']): Date {
  if (now === undefined) return new Date();
  return typeof now === 'function' ? now() : now;
}

function lexicalScores(
  index: CatalogIndex,
  terms: ReadonlyMap<string, number>,
  nameLike: ReadonlySet<string>,
  verbStems: ReadonlySet<string>,
  relativesOnly: ReadonlySet<string>,
) {
  // Dense arrays keep a 1,000-endpoint scan allocation-free.
  const n = index.endpoints.length;
  const score = new Float64Array(n);
  const cov = new Float64Array(n);
  const verb = new Float64Array(n);
  const noun = new Uint8Array(n);
  const touched: number[] = [];
  const weighted: Array<readonly [string, number, boolean]> = [];
  let mass = 0;
  let unknown = 0;
  for (const [term, w] of terms) {
    const idf = index.idf.get(term) ?? index.maxIdf;
    const damp = nameLike.has(term) ? 0.3 : 1;
    mass += w * idf * damp;
    if (!relativesOnly.has(term)) weighted.push([term, w * idf * damp, nameLike.has(term)]);
    const list = index.postings.get(term);
    if (!list) {
      unknown += w * idf * damp;
      continue;
    }
    const asVerb = verbStems.has(term);
    const mass1 = w * idf * damp;
    // The instruction's verb must not match a homograph path noun ("book" vs /booking).
    const fws = asVerb ? list.withoutNoun : list.best;
    const { endpoint: eis, fields: nfs, flags } = list;
    for (let k = 0; k < eis.length; k++) {
      const fw = fws[k] as number;
      if (fw === 0) continue;
      const ei = eis[k] as number;
      if (cov[ei] === 0 && score[ei] === 0) touched.push(ei);
      score[ei] = (score[ei] as number) + mass1 * (fw + 0.1 * ((nfs[k] as number) - 1));
      cov[ei] = (cov[ei] as number) + mass1;
      const fl = flags[k] as number;
      if (fl & POSTING_VERB) verb[ei] = 1;
      else if (fl & POSTING_SYNONYM && (verb[ei] as number) < 0.5) verb[ei] = 0.5;
      if (!asVerb && fl & POSTING_NOUN) noun[ei] = 1;
    }
  }
  const m = Math.max(mass, 1e-9);
  return { score, cov, verb, noun, touched, mass: m, unknown: unknown / m, weighted };
}

/** How much of the instruction the candidate's whole service speaks about, and its strongest foreign word. */
function serviceFit(
  index: CatalogIndex,
  serviceIndex: number,
  weighted: ReadonlyArray<readonly [string, number, boolean]>,
  mass: number,
  related: ReadonlyMap<string, ReadonlySet<string>>,
): { serviceCoverage: number; foreign: number } {
  const vocab = index.serviceTerms[serviceIndex];
  let covered = 0;
  let foreign = 0;
  for (const [term, wi, name] of weighted) {
    if (vocab?.has(term)) covered += wi;
    else if (name || wi <= foreign) continue;
    // A noun the service never names is still at home when a synonym or hypernym of it is used there.
    else if (![...(related.get(term) ?? [])].some((r) => vocab?.has(r))) foreign = wi;
  }
  return { serviceCoverage: covered / mass, foreign: foreign / mass };
}

function sharedTerms(ep: IndexedEndpoint, terms: ReadonlyMap<string, number>): string[] {
  const out: string[] = [];
  for (const t of terms.keys())
    if (Object.values(ep.fields).some((f: ReadonlySet<string>) => f.has(t))) out.push(t);
  return out;
}

/** Per-endpoint boost from identifiers that fit declared patterns; the whole service gets a little too. */
function identifierBoosts(
  index: CatalogIndex,
  tokens: readonly string[],
): Map<number, { boost: number; token?: string }> {
  const out = new Map<number, { boost: number; token?: string }>();
  if (tokens.length === 0) return out;
  const serviceBest = new Map<number, number>();
  // Replicated services repeat the same patterns: each (pattern, token) test runs once per instruction.
  const probe = createIdProbe(tokens);
  for (const i of index.withIds) {
    const ep = index.endpoints[i] as IndexedEndpoint;
    const { strength, token } = idMatchStrength(probe, ep.ids);
    if (strength <= 0) continue;
    out.set(i, { boost: 0.3 * strength, token });
    serviceBest.set(ep.serviceIndex, Math.max(serviceBest.get(ep.serviceIndex) ?? 0, strength));
  }
  for (const [service, sb] of serviceBest)
    for (const i of index.serviceEndpoints[service] ?? []) {
      const cur = out.get(i);
      out.set(i, { boost: (cur?.boost ?? 0) + 0.1 * sb, token: cur?.token });
    }
  return out;
}

/**
 * Parameter extraction is the slowest step of a match and most callers only read the first candidate's,
 * so the others extract on first read (an enumerable getter: spreading, JSON and equality still see them).
 */
function withLazyParams(
  candidate: MatchCandidate,
  extract: () => Record<string, ParamValue>,
): MatchCandidate {
  let cached: Record<string, ParamValue> | undefined;
  // Redefining the existing key keeps the property order of an eager candidate.
  return Object.defineProperty(candidate, 'params', {
    enumerable: true,
    configurable: true,
    get: () => {
      cached ??= extract();
      return cached;
    },
  });
}

/**
 * Routes natural-language instructions to AGIS endpoints: verb first (lemmatized, with
 * lexicon synonyms), then path noun, then intent confirmation by embedding similarity.
 */
export function createIntentMatcher(options: IntentMatcherOptions): IntentMatcher {
  checkOptions(
    'createIntentMatcher',
    options,
    {
      services: required(SERVICES_RULE),
      embedder: EMBEDDER_RULE,
      now: {
        ...is.anyOf(
          is.function,
          is.custom('a Date', (v) => v instanceof Date && !Number.isNaN(v.getTime())),
        ),
        expected: 'a valid Date or a function returning one',
      },
      lexicon: {
        ...is.methods('lemmatizeVerb', 'verbSynonyms'),
        expected: 'a verb lexicon ({ lemmatizeVerb, verbSynonyms })',
      },
      abstainThreshold: is.number,
      maxInstructionLength: is.positiveInteger,
      calibration: is.shape({ bias: required(is.number), weights: required(is.object) }),
      confirmPool: is.positiveInteger,
      language: is.string,
      locale: LOCALE_RULE,
      bm25Weight: is.nonNegativeNumber,
    },
    { optionsRequired: true },
  );
  const lexicon = options.lexicon ?? wordNetLexicon;
  const index = buildCatalog(options.services, lexicon);
  const threshold = options.abstainThreshold ?? DEFAULT_ABSTAIN_THRESHOLD;
  const calibration = options.calibration ?? DEFAULT_CALIBRATION;
  const pool = options.confirmPool ?? 24;
  const embedder = options.embedder;
  const intentVectors = embedder ? undefined : index.endpoints.map((e) => lexicalVector(e.intentText));
  let remoteIntentVectors: Promise<number[][]> | undefined;
  // Spelling corrections depend only on the catalog, so they are memoised per matcher (bounded).
  const spellCache = new Map<string, string | undefined>();
  const bm25Weight = options.bm25Weight ?? DEFAULT_BM25_WEIGHT;
  const bm25 = createBm25Index(
    index.endpoints.map((e) =>
      [e.intentText, e.endpoint.path.replace(/[/{}_-]/g, ' '), e.hintText].join(' '),
    ),
  );

  async function confirm(
    query: string,
    picked: readonly IndexedEndpoint[],
    ids: readonly number[],
    signal?: AbortSignal,
  ) {
    if (!embedder || !remoteIntentVectors) {
      // Both vectors are unit length and the query has few non-zero entries, so the cosine is a sparse dot product.
      const q = sparseLexicalVector(query);
      const keys = Int32Array.from(q.keys());
      const vals = Float64Array.from(q.values());
      return ids.map((i) => {
        const v = intentVectors?.[i];
        if (!v) return 0;
        let dot = 0;
        for (let k = 0; k < keys.length; k++) dot += (vals[k] as number) * (v[keys[k] as number] as number);
        return dot;
      });
    }
    const [all, [q]] = await Promise.all([remoteIntentVectors, embedder.embed([query])]);
    if (signal?.aborted) throw new MatchAbortedError();
    void picked;
    return ids.map((i) => cosine(q ?? [], all[i] ?? []));
  }

  const maxInstructionLength = options.maxInstructionLength ?? DEFAULT_MAX_INSTRUCTION_LENGTH;

  const defaultLocale =
    options.locale ?? (isDateLocale(options.language) ? options.language : DEFAULT_DATE_LOCALE);

  /** Dates and times of an instruction; their digits say when, not what, so routing does not read them. */
  function temporalOf(instruction: string, locale: string | undefined, now: Date) {
    const temporal = findTemporal(instruction, now, {
      order: dateOrderOf(locale ?? defaultLocale),
    });
    // Digits of a written date or time say when, not what: routing reads the words around them only ("tomorrow"
    // and "noon" stay, hints use them).
    const written = temporal.filter((m) => /\d/.test(instruction.slice(m.index, m.end)));
    return { temporal, routing: blankTemporal(instruction, written, ' ') };
  }

  async function rank(
    instruction: string,
    size: number,
    when: { readonly routing: string },
    signal?: AbortSignal,
  ) {
    checkInstruction(instruction, maxInstructionLength);
    if (embedder && !remoteIntentVectors)
      remoteIntentVectors = embedder.embed(index.endpoints.map((e) => e.intentText));
    const q = analyseQuery(when.routing, index, lexicon, spellCache);
    const lex = lexicalScores(index, q.terms, q.nameLike, q.verbStems, q.relativesOnly);
    const idBoost = identifierBoosts(index, idLikeTokens(when.routing));
    const bm =
      bm25Weight === 0
        ? undefined
        : bm25.scoreDense(new Map([...q.terms].filter(([t]) => !q.relativesOnly.has(t))));
    const bmMax = Math.max(bm?.max ?? 0, 1e-9);
    const bmShare = (i: number) => (bm?.scores[i] ?? 0) / bmMax;
    const lexical = (i: number) => (lex.score[i] ?? 0) / lex.mass + (idBoost.get(i)?.boost ?? 0);
    // Keep only the best `want` by lexical score (insertion into a short sorted list).
    const want = Math.max(pool, size);
    const top: Array<{ i: number; l: number }> = [];
    const seen = new Uint8Array(index.endpoints.length);
    // The pool is chosen on the lexical score plus the BM25 share, so BM25's favourites get confirmed too.
    const consider = (i: number) => {
      if (seen[i] === 1) return;
      seen[i] = 1;
      const l = lexical(i) + bm25Weight * bmShare(i);
      const last = top[top.length - 1];
      if (top.length >= want && last !== undefined && (l < last.l || (l === last.l && i > last.i))) return;
      let k = top.length;
      while (k > 0 && ((top[k - 1]?.l ?? 0) < l || ((top[k - 1]?.l ?? 0) === l && (top[k - 1]?.i ?? 0) > i)))
        k--;
      top.splice(k, 0, { i, l });
      if (top.length > want) top.pop();
    };
    for (const i of lex.touched) consider(i);
    for (const i of idBoost.keys()) consider(i);
    for (const i of bm?.touched ?? []) consider(i);
    // Candidates of one service share its fit, so it is computed once per service.
    const fitByService = new Map<number, { serviceCoverage: number; foreign: number }>();
    const fitOf = (serviceIndex: number) => {
      let fit = fitByService.get(serviceIndex);
      if (!fit) {
        fit = serviceFit(index, serviceIndex, lex.weighted, lex.mass, q.related);
        fitByService.set(serviceIndex, fit);
      }
      return fit;
    };
    const head: Scored[] = top.map(({ i }) => {
      const id = idBoost.get(i);
      return {
        index: i,
        lexical: lexical(i),
        verb: lex.verb[i] ?? 0,
        noun: lex.noun[i] ?? 0,
        id: id?.token ? 1 : 0,
        coverage: (lex.cov[i] ?? 0) / lex.mass,
        ...fitOf((index.endpoints[i] as IndexedEndpoint).serviceIndex),
        unknown: lex.unknown,
        bm25: bmShare(i),
        idToken: id?.token,
        cos: 0,
        verbFirst: 0,
        margin: 0,
        final: 0,
      };
    });
    const cos = await confirm(
      q.embedText,
      head.map((s) => index.endpoints[s.index] as IndexedEndpoint),
      head.map((s) => s.index),
      signal,
    );
    head.forEach((s, k) => {
      s.cos = cos[k] ?? 0;
      s.verbFirst = s.lexical + 0.6 * s.cos + 0.12 * s.verb;
      s.final = s.verbFirst + bm25Weight * s.bm25;
    });
    // Abstention is judged on the verb-first ranker's own order and margins (the inputs the calibration
    // was fitted on); BM25 only reorders what is returned.
    const gate = head.map((s) => ({ ...s })).sort((x, y) => y.verbFirst - x.verbFirst || x.index - y.index);
    gate.forEach((s, k) => {
      const next = gate[k + 1];
      s.margin = next ? s.verbFirst - next.verbFirst : s.verbFirst;
    });
    head.sort((x, y) => y.final - x.final || x.index - y.index);
    head.forEach((s, k) => {
      const next = head[k + 1];
      s.margin = next ? s.final - next.final : s.final;
    });
    return { q, head, gate };
  }

  return {
    async rankForCalibration(instruction: string) {
      checkInstruction(instruction, maxInstructionLength);
      const { gate } = await rank(
        instruction,
        3,
        temporalOf(instruction, undefined, resolveNow(options.now)),
      );
      return gate.slice(0, 3).map((s) => {
        const ep = index.endpoints[s.index] as IndexedEndpoint;
        return {
          service: ep.service.service,
          method: ep.endpoint.method,
          path: ep.endpoint.path,
          features: { ...s },
        };
      });
    },
    async match(instruction, matchOptions = {}) {
      const { topK = 3, signal } = matchOptions;
      checkInstruction(instruction, maxInstructionLength);
      checkOptions('match', matchOptions, { locale: LOCALE_RULE });
      if (signal?.aborted) throw new MatchAbortedError();
      const now = resolveNow(options.now);
      const when = temporalOf(instruction, matchOptions.locale, now);
      const { q, head, gate } = await rank(instruction, topK, when, signal);
      const unsafe = isUnsafeRequest(q.folded);
      const paramContext = createParamContext(instruction, now, { temporal: when.temporal });
      const candidates: MatchCandidate[] = head.slice(0, topK).map((s, rankIndex) => {
        const ep = index.endpoints[s.index] as IndexedEndpoint;
        const confidence = calibratedConfidence(s, calibration);
        const sem = ep.endpoint.semantic;
        const reasons: string[] = [];
        if (s.verb === 1) reasons.push(`instruction uses the method verb ${ep.endpoint.method}`);
        else if (s.verb > 0) reasons.push(`instruction uses a synonym of ${ep.endpoint.method}`);
        else reasons.push(`no verb of the instruction names ${ep.endpoint.method}; matched on context`);
        if (s.idToken)
          reasons.push(`identifier ${s.idToken} fits this endpoint's input pattern or hint examples`);
        if (s.noun) reasons.push(`path noun of ${ep.endpoint.path} appears in the instruction`);
        // Computed for returned candidates only: it is the slowest part of explaining a rank.
        reasons.push(`shared terms: ${sharedTerms(ep, q.terms).slice(0, 8).join(', ') || 'none'}`);
        reasons.push(`intent similarity ${s.cos.toFixed(2)}`);
        reasons.push(...q.notes);
        const irr = irreversibility(ep.endpoint);
        const guidance = sem.confidence_guidance;
        const below = guidance !== undefined && confidence < guidance;
        if (irr) reasons.push(irr);
        if (below)
          reasons.push(
            `confidence ${confidence.toFixed(2)} is below the endpoint's confidence_guidance ${guidance}`,
          );
        if (unsafe)
          reasons.push(
            'instruction matches an unsafe-request pattern (injection, third-party data or tampering)',
          );
        const candidate: MatchCandidate = {
          service: ep.service.service,
          namespace: ep.service.vocabulary?.namespace,
          method: ep.endpoint.method,
          path: ep.endpoint.path,
          score: Number(s.final.toFixed(6)),
          confidence: Number(confidence.toFixed(4)),
          params: {},
          needsConfirmation: irr !== undefined || below,
          reasons,
        };
        return rankIndex === 0
          ? { ...candidate, params: extractParamsFrom(paramContext, ep.endpoint) }
          : withLazyParams(candidate, () => extractParamsFrom(paramContext, ep.endpoint));
      });
      const top = candidates[0];
      const best = gate[0];
      // Nothing but incidental words in common: no verb, no path noun, no identifier, no intent overlap.
      const unsupported =
        best !== undefined && best.verb === 0 && best.noun === 0 && best.id === 0 && best.cos < 0.05;
      const abstain =
        unsafe ||
        unsupported ||
        top === undefined ||
        best === undefined ||
        calibratedConfidence(best, calibration) < threshold;
      return { candidates, abstain };
    },
  };
}
