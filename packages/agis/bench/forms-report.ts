import { createIntentMatcher, type MatcherService } from '../src/index.js';
import { BENCH_NOW, type IntentCase, valueEqual } from './intents-eval.js';

/** The DEV cases written for issue 23: dates, times and names as people write them. */
export const FORMS_TAG = 'date-time-forms';

/** Parameter figures over a set of expected keys. */
export interface KeyTally {
  /** Expected keys. */
  keys: number;
  /** Keys the top candidate filled with an equal value. */
  ok: number;
}

/** How the matcher does on the cases tagged {@link FORMS_TAG}, per form (`form-*` tags). */
export interface FormsReport {
  /** In-scope cases. */
  inScope: number;
  /** Out-of-scope cases. */
  nulls: number;
  /** Top-1 accuracy (not abstained, right endpoint) over the in-scope cases. */
  top1: number;
  /** Share of in-scope cases the matcher abstained on. */
  falseAbstention: number;
  /** Share of out-of-scope cases the matcher abstained on. */
  nullAbstention: number;
  /** Parameter accuracy as the DEV protocol defines it: expected keys of the cases whose top-1 is right. */
  params: number;
  /** Parameter accuracy over every expected key of the in-scope cases: a wrong or abstained top-1 misses all its keys. */
  paramsAll: number;
  /** Per `form-*` tag: keys of the in-scope cases carrying it, counted as in `paramsAll`. */
  perForm: Record<string, KeyTally>;
  /** One line per missed case or key. */
  misses: string[];
}

/** Runs the matcher on the {@link FORMS_TAG} cases of `cases` and tallies parameters and abstention. */
export async function formsReport(
  services: readonly MatcherService[],
  cases: readonly IntentCase[],
): Promise<FormsReport> {
  const matcher = createIntentMatcher({ services, now: BENCH_NOW });
  const mine = cases.filter((c) => c.tags.includes(FORMS_TAG));
  const total: KeyTally = { keys: 0, ok: 0 };
  const routed: KeyTally = { keys: 0, ok: 0 };
  const perForm: Record<string, KeyTally> = {};
  const misses: string[] = [];
  let inScope = 0;
  let nulls = 0;
  let top1 = 0;
  let falseAbstain = 0;
  let nullAbstain = 0;
  for (const c of mine) {
    const r = await matcher.match(c.instruction, { topK: 3, ...(c.locale ? { locale: c.locale } : {}) });
    const first = r.candidates[0];
    if (c.expect === null) {
      nulls++;
      if (r.abstain) nullAbstain++;
      else misses.push(`${c.id} should abstain, got ${first?.method} ${first?.path}: ${c.instruction}`);
      continue;
    }
    inScope++;
    if (r.abstain) falseAbstain++;
    const ok =
      !r.abstain &&
      first !== undefined &&
      first.service === c.expect.service &&
      first.path === c.expect.path &&
      first.method.toLowerCase() === c.expect.method.toLowerCase();
    if (ok) top1++;
    else
      misses.push(
        `${c.id} ${r.abstain ? '[abstained] ' : ''}got ${first?.method} ${first?.path} want ${c.expect.method} ${c.expect.path}: ${c.instruction}`,
      );
    const forms = c.tags.filter((t) => t.startsWith('form-'));
    for (const [key, want] of Object.entries(c.params ?? {})) {
      const equal = ok && valueEqual(want, first?.params[key]);
      total.keys++;
      if (equal) total.ok++;
      if (ok) {
        routed.keys++;
        if (equal) routed.ok++;
      }
      for (const f of forms) {
        perForm[f] ??= { keys: 0, ok: 0 };
        perForm[f].keys++;
        if (equal) perForm[f].ok++;
      }
      if (ok && !equal)
        misses.push(
          `${c.id} param ${key}: want ${JSON.stringify(want)} got ${JSON.stringify(first?.params[key])}`,
        );
    }
  }
  const share = (t: KeyTally) => (t.keys === 0 ? 0 : t.ok / t.keys);
  return {
    inScope,
    nulls,
    top1: top1 / Math.max(1, inScope),
    falseAbstention: falseAbstain / Math.max(1, inScope),
    nullAbstention: nullAbstain / Math.max(1, nulls),
    params: share(routed),
    paramsAll: share(total),
    perForm,
    misses,
  };
}

const f = (x: number) => x.toFixed(3);

/** Markdown table of a {@link FormsReport}: the whole set, then one row per form. */
export function formatFormsReport(r: FormsReport): string {
  const lines = [
    `${r.inScope} in-scope and ${r.nulls} out-of-scope cases: top-1 ${f(r.top1)}, false abstention ${f(r.falseAbstention)}, abstention on out-of-scope ${f(r.nullAbstention)}, parameters ${f(r.params)} (right endpoint), ${f(r.paramsAll)} (all keys)`,
    '',
    '| form | keys | parameters (all keys) |',
    '|---|---|---|',
  ];
  for (const [form, t] of Object.entries(r.perForm).sort())
    lines.push(`| ${form.slice('form-'.length)} | ${t.keys} | ${f(t.keys === 0 ? 0 : t.ok / t.keys)} |`);
  return lines.join('\n');
}
