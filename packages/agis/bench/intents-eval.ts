import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { MatcherService, ParamValue } from '../src/index.js';

/** One line of intents.jsonl. */
export interface IntentCase {
  readonly id: string;
  readonly instruction: string;
  readonly expect: { readonly service: string; readonly method: string; readonly path: string } | null;
  readonly params?: Record<string, ParamValue>;
  /** The user's locale (BCP 47) for numeric dates such as 06/05, when the case depends on it. */
  readonly locale?: string;
  readonly tags: readonly string[];
}

/** What a matcher returns for evaluation. */
export interface EvalPrediction {
  readonly ranked: ReadonlyArray<{
    service: string;
    method: string;
    path: string;
    params?: Record<string, ParamValue>;
  }>;
  readonly abstain: boolean;
}

/** The AGIS DEV set, `fixtures/agis-dev/` (formats in its README). */
export const AGIS_DEV_DIR = new URL('../../../fixtures/agis-dev/', import.meta.url);
/** Reference time of the benchmark: Monday 2026-05-04 09:00 local. */
export const BENCH_NOW = new Date(2026, 4, 4, 9, 0, 0);

export function loadServices(): { file: string; doc: MatcherService }[] {
  const dir = new URL('services/', AGIS_DEV_DIR);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.agis.yaml'))
    .sort()
    .map((file) => ({ file, doc: parse(readFileSync(new URL(file, dir), 'utf8')) as MatcherService }));
}

export function loadCases(): IntentCase[] {
  return readFileSync(new URL('intents.jsonl', AGIS_DEV_DIR), 'utf8')
    .split('\n')
    .filter((l) => l.trim().length > 0)
    .map((l) => JSON.parse(l) as IntentCase);
}

function tokens(s: string): string[] {
  return s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function stringEqual(expected: string, actual: string): boolean {
  const e = tokens(expected);
  const a = tokens(actual);
  if (e.length === 0 || a.length === 0) return expected.toLowerCase() === actual.toLowerCase();
  const bag = new Map<string, number>();
  for (const t of a) bag.set(t, (bag.get(t) ?? 0) + 1);
  let common = 0;
  for (const t of e) {
    const n = bag.get(t) ?? 0;
    if (n > 0) {
      common++;
      bag.set(t, n - 1);
    }
  }
  const p = common / a.length;
  const r = common / e.length;
  return p + r > 0 && (2 * p * r) / (p + r) >= 0.5;
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** Compares a value as the benchmark README prescribes. */
export function valueEqual(expected: ParamValue, actual: ParamValue | undefined): boolean {
  if (actual === undefined) return false;
  if (typeof expected === 'number') return typeof actual === 'number' && Math.abs(expected - actual) <= 1e-6;
  if (typeof expected === 'boolean') return actual === expected;
  if (typeof expected === 'string') {
    if (typeof actual !== 'string')
      return typeof actual === 'number' && stringEqual(expected, String(actual));
    if (DATE_TIME.test(expected) || /^\d{4}-\d{2}-\d{2}$/.test(expected)) {
      return DATE_TIME.test(expected) ? Date.parse(expected) === Date.parse(actual) : expected === actual;
    }
    return stringEqual(expected, actual);
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return false;
    const pool = [...actual];
    return expected.every((e) => {
      const i = pool.findIndex((a) => valueEqual(e, a));
      if (i < 0) return false;
      pool.splice(i, 1);
      return true;
    });
  }
  if (typeof actual !== 'object' || Array.isArray(actual)) return false;
  return Object.entries(expected).every(([k, v]) => valueEqual(v, (actual as Record<string, ParamValue>)[k]));
}

function same(
  a: { service: string; method: string; path: string },
  b: NonNullable<IntentCase['expect']>,
): boolean {
  return a.service === b.service && a.path === b.path && a.method.toLowerCase() === b.method.toLowerCase();
}

/** Scores of one run. */
export interface EvalReport {
  inScope: number;
  top1: number;
  top3: number;
  abstainPrecision: number;
  abstainRecall: number;
  abstainF1: number;
  falseAbstentionRate: number;
  nonEnglishTop1: number;
  params: number;
  paramKeys: number;
  perTag: Record<string, { n: number; rate: number }>;
  misses: string[];
}

/** Evaluates predictions per the benchmark README's protocol. */
export function evaluate(
  cases: readonly IntentCase[],
  predict: (c: IntentCase) => EvalPrediction,
): EvalReport {
  let top1 = 0;
  let top3 = 0;
  let inScope = 0;
  let abstainedNull = 0;
  let abstentions = 0;
  let nulls = 0;
  let falseAbstain = 0;
  let keys = 0;
  let keysOk = 0;
  const tagHits = new Map<string, [number, number]>();
  const misses: string[] = [];
  for (const c of cases) {
    const p = predict(c);
    if (p.abstain) abstentions++;
    const bump = (tag: string, ok: boolean) => {
      const v = tagHits.get(tag) ?? [0, 0];
      tagHits.set(tag, [v[0] + (ok ? 1 : 0), v[1] + 1]);
    };
    if (c.expect === null) {
      nulls++;
      if (p.abstain) abstainedNull++;
      else
        misses.push(
          `${c.id} should abstain, got ${p.ranked[0]?.method} ${p.ranked[0]?.path}: ${c.instruction}`,
        );
      for (const t of c.tags) bump(`null:${t}`, p.abstain);
      continue;
    }
    inScope++;
    const exp = c.expect;
    const first = p.ranked[0];
    const ok1 = !p.abstain && first !== undefined && same(first, exp);
    if (ok1) top1++;
    else
      misses.push(
        `${c.id} ${p.abstain ? '[abstained] ' : ''}got ${first?.method} ${first?.path} (${first?.service}) want ${exp.method} ${exp.path}: ${c.instruction}`,
      );
    if (p.abstain) falseAbstain++;
    if (p.ranked.slice(0, 3).some((r) => same(r, exp))) top3++;
    for (const t of c.tags) bump(t, ok1);
    if (ok1 && c.params && Object.keys(c.params).length > 0) {
      for (const [k, v] of Object.entries(c.params)) {
        keys++;
        if (valueEqual(v, first?.params?.[k])) keysOk++;
        else
          misses.push(
            `${c.id} param ${k}: want ${JSON.stringify(v)} got ${JSON.stringify(first?.params?.[k])}`,
          );
      }
    }
  }
  const precision = abstentions === 0 ? 0 : abstainedNull / abstentions;
  const recall = nulls === 0 ? 0 : abstainedNull / nulls;
  const perTag: Record<string, { n: number; rate: number }> = {};
  for (const [t, [ok, n]] of [...tagHits.entries()].sort()) perTag[t] = { n, rate: ok / n };
  return {
    inScope,
    top1: top1 / Math.max(1, inScope),
    top3: top3 / Math.max(1, inScope),
    abstainPrecision: precision,
    abstainRecall: recall,
    abstainF1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
    falseAbstentionRate: falseAbstain / Math.max(1, inScope),
    nonEnglishTop1: perTag['non-english']?.rate ?? 0,
    params: keys === 0 ? 0 : keysOk / keys,
    paramKeys: keys,
    perTag,
    misses,
  };
}
