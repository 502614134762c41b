import { performance } from 'node:perf_hooks';
import { createBm25Matcher, createIntentMatcher, type MatcherService } from '../src/index.js';
import { replicateCatalog } from './catalog-replica.js';
import {
  BENCH_NOW,
  type EvalReport,
  evaluate,
  type IntentCase,
  loadCases,
  loadServices,
} from './intents-eval.js';

/** Accuracy of the matcher and of the BM25 baseline on a subset of cases. */
export async function accuracyReport(services: readonly MatcherService[], cases: readonly IntentCase[]) {
  const matcher = createIntentMatcher({ services, now: BENCH_NOW });
  const bm25 = createBm25Matcher({ services });
  const results = new Map<string, Awaited<ReturnType<typeof matcher.match>>>();
  for (const c of cases)
    results.set(
      c.id,
      await matcher.match(c.instruction, { topK: 3, ...(c.locale ? { locale: c.locale } : {}) }),
    );
  const ours = evaluate(cases, (c) => {
    const r = results.get(c.id);
    return { ranked: r?.candidates ?? [], abstain: r?.abstain ?? true };
  });
  const baseline = evaluate(cases, (c) => ({ ranked: bm25.match(c.instruction, 3), abstain: false }));
  return { ours, baseline };
}

function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
}

/** p50/p99 latency (ms) of match() over a replicated catalog, beside BM25's. */
export async function latencyReport(size = 1000, rounds = 3) {
  const services = replicateCatalog(
    loadServices().map((s) => s.doc),
    size,
  );
  const endpoints = services.reduce((n, s) => n + s.endpoints.length, 0);
  const matcher = createIntentMatcher({ services, now: BENCH_NOW });
  const bm25 = createBm25Matcher({ services });
  const instructions = loadCases().map((c) => c.instruction);
  const ours: number[] = [];
  const base: number[] = [];
  for (const i of instructions.slice(0, 20)) {
    await matcher.match(i);
    bm25.match(i, 3);
  }
  for (let r = 0; r < rounds; r++) {
    for (const i of instructions) {
      let t = performance.now();
      bm25.match(i, 3);
      base.push(performance.now() - t);
      t = performance.now();
      await matcher.match(i, { topK: 3 });
      ours.push(performance.now() - t);
    }
  }
  return {
    endpoints,
    ours: { p50: pct(ours, 50), p99: pct(ours, 99) },
    baseline: { p50: pct(base, 50), p99: pct(base, 99) },
  };
}

const f = (x: number) => x.toFixed(3);

/** Markdown table for the README. */
export function formatReport(rows: Array<[string, EvalReport, EvalReport]>): string {
  const lines = [
    '| set | matcher | top-1 | top-3 | abst. P | abst. R | abst. F1 | false abst. | non-English top-1 | params |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const [name, o, b] of rows) {
    lines.push(
      `| ${name} | intent matcher | ${f(o.top1)} | ${f(o.top3)} | ${f(o.abstainPrecision)} | ${f(o.abstainRecall)} | ${f(o.abstainF1)} | ${f(o.falseAbstentionRate)} | ${f(o.nonEnglishTop1)} | ${f(o.params)} (${o.paramKeys} keys) |`,
    );
    lines.push(
      `| ${name} | baseline: BM25 | ${f(b.top1)} | ${f(b.top3)} | - | 0.000 | 0.000 | 0.000 | ${f(b.nonEnglishTop1)} | - |`,
    );
  }
  return lines.join('\n');
}

/** Per-tag table (in-scope top-1 for tags, abstention rate for `null:` tags). */
export function formatTags(o: EvalReport, b: EvalReport): string {
  const lines = ['| tag | n | intent matcher | baseline: BM25 |', '|---|---|---|---|'];
  for (const [tag, v] of Object.entries(o.perTag))
    lines.push(`| ${tag} | ${v.n} | ${f(v.rate)} | ${f(b.perTag[tag]?.rate ?? 0)} |`);
  return lines.join('\n');
}

/** Cases split into the eight tuning services and two held-out services (null cases split by id parity). */
export function holdoutSplit(cases: readonly IntentCase[], heldOutServices: readonly string[]) {
  const held = (c: IntentCase) =>
    c.expect === null ? Number(c.id.slice(4)) % 2 === 1 : heldOutServices.includes(c.expect.service);
  return { tune: cases.filter((c) => !held(c)), holdout: cases.filter(held) };
}

export const HELD_OUT_SERVICES = ['Keystone Realty', 'Riverstream'] as const;
