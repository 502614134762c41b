// Cross-validation protocol for the matcher's fitted parts (confidence calibration and abstention
// threshold). Five folds leave two of the ten DEV services out, and instructions are split by id
// parity: a fold fits on the instructions of one parity for its eight services (plus out-of-scope ones
// of that parity) and is scored on the other parity's instructions of the two services it left out
// (plus a fifth of that parity's out-of-scope ones). Run once per parity, this scores every
// instruction exactly once, by a model that saw neither it nor any instruction of its service.
// "in-fold" scores each fold's model on the rows it was fitted on.
import {
  type ConfidenceCalibration,
  calibrationVector,
  createIntentMatcher,
  type IntentMatcherOptions,
  type MatcherService,
} from '../src/index.js';
import { type CalibrationRow, fitCalibration } from './fit-calibration.js';
import {
  BENCH_NOW,
  type EvalPrediction,
  type EvalReport,
  evaluate,
  type IntentCase,
} from './intents-eval.js';

/** A fitted model: BM25 ranking weight, calibration and abstention threshold. */
export interface FittedModel {
  readonly bm25Weight: number;
  readonly calibration: ConfidenceCalibration;
  readonly threshold: number;
}

/** Candidate BM25 ranking weights; the fit keeps the one ranking the training rows best. */
export const BM25_WEIGHT_GRID = [0, 0.1, 0.2, 0.3, 0.4, 0.6, 0.8, 1.2] as const;

/** The grid weight maximising top-1 + top-3 of the ranking alone (no abstention) on the cases; ties go to the smaller. */
export async function fitBm25Weight(services: readonly MatcherService[], cases: readonly IntentCase[]) {
  let best = { w: 0, score: -1 };
  for (const w of BM25_WEIGHT_GRID) {
    const m = createIntentMatcher({ services, now: BENCH_NOW, bm25Weight: w, abstainThreshold: -1 });
    const got = new Map<string, Awaited<ReturnType<typeof m.match>>>();
    for (const c of cases) if (c.expect) got.set(c.id, await m.match(c.instruction, { topK: 3 }));
    const r = evaluate(
      cases.filter((c) => c.expect),
      (c) => ({ ranked: got.get(c.id)?.candidates ?? [], abstain: false }),
    );
    if (r.top1 + r.top3 > best.score + 1e-9) best = { w, score: r.top1 + r.top3 };
  }
  return best.w;
}

const idNumber = (c: IntentCase) => Number(c.id.replace(/\D/g, ''));
const sameEndpoint = (
  a: { service: string; method: string; path: string } | undefined,
  e: IntentCase['expect'],
) =>
  !!a &&
  !!e &&
  a.service === e.service &&
  a.path === e.path &&
  a.method.toLowerCase() === e.method.toLowerCase();

/**
 * Fits the BM25 ranking weight (unless `extra.bm25Weight` fixes it), then, on the verb-first ranker alone
 * (whose favourite match() judges abstention on), the calibration on its top-1 features and the threshold
 * that maximises its top-1 + abstention F1.
 */
export async function fitModel(
  services: readonly MatcherService[],
  cases: readonly IntentCase[],
  extra: Partial<IntentMatcherOptions> = {},
): Promise<FittedModel> {
  const bm25Weight = extra.bm25Weight ?? (await fitBm25Weight(services, cases));
  const verbFirstOnly = { ...extra, bm25Weight: 0 };
  const base = createIntentMatcher({ ...verbFirstOnly, services, now: BENCH_NOW });
  const rows: CalibrationRow[] = [];
  for (const c of cases) {
    const [top] = await base.rankForCalibration(c.instruction);
    if (top) rows.push({ x: calibrationVector(top.features), y: sameEndpoint(top, c.expect) ? 1 : 0 });
  }
  const calibration = fitCalibration(rows);
  // Rule-based abstentions (unsafe, unsupported) are kept: threshold -1 turns only the confidence test off.
  const probe = createIntentMatcher({
    ...verbFirstOnly,
    services,
    now: BENCH_NOW,
    calibration,
    abstainThreshold: -1,
  });
  const probed = new Map<string, Awaited<ReturnType<typeof probe.match>>>();
  for (const c of cases) probed.set(c.id, await probe.match(c.instruction, { topK: 3 }));
  let best = { threshold: 0.5, score: -1 };
  for (let t = 0.05; t <= 0.951; t += 0.01) {
    const r = evaluate(cases, (c) => {
      const m = probed.get(c.id);
      const conf = m?.candidates[0]?.confidence ?? 0;
      return { ranked: m?.candidates ?? [], abstain: (m?.abstain ?? true) || conf < t };
    });
    const score = r.top1 + r.abstainF1;
    if (score > best.score + 1e-9) best = { threshold: Number(t.toFixed(2)), score };
  }
  return { bm25Weight, calibration, threshold: best.threshold } satisfies FittedModel;
}

const pick = (m: Map<string, EvalPrediction>) => (c: IntentCase) =>
  m.get(c.id) ?? { ranked: [], abstain: true };

async function predictAll(
  services: readonly MatcherService[],
  model: FittedModel,
  cases: readonly IntentCase[],
  extra: Partial<IntentMatcherOptions>,
): Promise<Map<string, EvalPrediction>> {
  const m = createIntentMatcher({
    ...extra,
    services,
    now: BENCH_NOW,
    bm25Weight: model.bm25Weight,
    calibration: model.calibration,
    abstainThreshold: model.threshold,
  });
  const out = new Map<string, EvalPrediction>();
  for (const c of cases) {
    const r = await m.match(c.instruction, { topK: 3 });
    out.set(c.id, { ranked: r.candidates, abstain: r.abstain });
  }
  return out;
}

/** Sorted service names in pairs: the five folds. */
export function foldPairs(services: readonly MatcherService[]): string[][] {
  const names = services.map((s) => s.service).sort();
  const out: string[][] = [];
  for (let i = 0; i < names.length; i += 2) out.push(names.slice(i, i + 2));
  return out;
}

/** Runs the protocol; returns in-fold and out-of-fold reports and each fold's model. */
export async function crossValidate(
  services: readonly MatcherService[],
  cases: readonly IntentCase[],
  extra: Partial<IntentMatcherOptions> = {},
) {
  const folds = foldPairs(services);
  const oof = new Map<string, EvalPrediction>();
  const inFold = new Map<string, EvalPrediction>();
  const inFoldCases: IntentCase[] = [];
  const models: FittedModel[] = [];
  for (const parity of [0, 1]) {
    const testNulls = cases.filter((c) => c.expect === null && idNumber(c) % 2 !== parity);
    const nullFold = new Map(testNulls.map((c, i) => [c.id, i % folds.length]));
    for (const [f, held] of folds.entries()) {
      const train = cases.filter(
        (c) => idNumber(c) % 2 === parity && (c.expect === null || !held.includes(c.expect.service)),
      );
      const test = cases.filter((c) =>
        c.expect === null
          ? nullFold.get(c.id) === f
          : idNumber(c) % 2 !== parity && held.includes(c.expect.service),
      );
      const model = await fitModel(services, train, extra);
      models.push(model);
      for (const [id, p] of await predictAll(services, model, test, extra)) oof.set(id, p);
      // In-fold rows are scored per fold; ids repeat across folds, so keys carry the fold.
      const key = `${parity}.${f}`;
      for (const [id, p] of await predictAll(services, model, train, extra)) inFold.set(`${key}:${id}`, p);
      for (const c of train) inFoldCases.push({ ...c, id: `${key}:${c.id}` });
    }
  }
  const oofCases = cases.filter((c) => oof.has(c.id));
  return {
    folds,
    models,
    inFold: evaluate(inFoldCases, pick(inFold)) as EvalReport,
    outOfFold: evaluate(oofCases, pick(oof)) as EvalReport,
  };
}
