import { afterAll } from 'vitest';
import { benchGroup, recordMetric } from '../../../bench/support/bench-group.js';
import { createBm25Matcher, createIntentMatcher } from '../src/index.js';
import { replicateCatalog } from './catalog-replica.js';
import { crossValidate } from './cross-validate.js';
import { FORMS_TAG, formatFormsReport, formsReport } from './forms-report.js';
import { BENCH_NOW, loadCases, loadServices } from './intents-eval.js';
import {
  accuracyReport,
  formatReport,
  formatTags,
  HELD_OUT_SERVICES,
  holdoutSplit,
  latencyReport,
} from './intents-report.js';

const services = loadServices().map((s) => s.doc);
const cases = loadCases();
const instructions = cases.map((c) => c.instruction);
const big = replicateCatalog(services, 1000);
const bigMatcher = createIntentMatcher({ services: big, now: BENCH_NOW });
const bigBm25 = createBm25Matcher({ services: big });
const devMatcher = createIntentMatcher({ services, now: BENCH_NOW });
const devBm25 = createBm25Matcher({ services });
let cursor = 0;
const next = () => instructions[cursor++ % instructions.length] ?? '';

benchGroup('match() over the 78 DEV endpoints', [
  {
    name: 'baseline: BM25 over intent texts',
    fn: () => {
      devBm25.match(next(), 3);
    },
  },
  {
    name: 'createIntentMatcher().match()',
    fn: async () => {
      await devMatcher.match(next(), { topK: 3 });
    },
  },
]);

benchGroup('match() over a 1,000-endpoint catalog', [
  {
    name: 'baseline: BM25 over intent texts',
    fn: () => {
      bigBm25.match(next(), 3);
    },
  },
  {
    name: 'createIntentMatcher().match()',
    fn: async () => {
      await bigMatcher.match(next(), { topK: 3 });
    },
  },
]);

// Five cross-validation folds and the latency run take minutes on a shared machine (the default hook limit is 30 s).
afterAll(async () => {
  const all = await accuracyReport(services, cases);
  const split = holdoutSplit(cases, HELD_OUT_SERVICES);
  const tune = await accuracyReport(services, split.tune);
  const hold = await accuracyReport(services, split.holdout);
  const cv = await crossValidate(services, cases);
  const lat = await latencyReport(1000, 3);
  const forms = await formsReport(services, cases);
  const quality = `AGIS intent matching on the DEV set (${cases.length} cases, 10 services)`;
  for (const [name, value] of [
    ['top-1', all.ours.top1],
    ['top-3', all.ours.top3],
    ['abstention F1', all.ours.abstainF1],
    ['non-English top-1', all.ours.nonEnglishTop1],
    ['parameters', all.ours.params],
    ['top-1, cross-validated out of fold', cv.outOfFold.top1],
    ['baseline: BM25 top-1', all.baseline.top1],
  ] as const)
    recordMetric({ group: quality, name, value, unit: 'ratio' });
  // Issue 23's cases (tagged date-time-forms) on their own: dates, times and names as people write them.
  const formsGroup = `AGIS intent parameters from written dates, times and names (DEV set, ${forms.inScope + forms.nulls} ${FORMS_TAG} cases)`;
  for (const [name, value] of [
    ['parameters', forms.params],
    ['parameters, all keys', forms.paramsAll],
    ['top-1', forms.top1],
    ['false abstention', forms.falseAbstention],
    ['abstention on out-of-scope', forms.nullAbstention],
  ] as const)
    recordMetric({ group: formsGroup, name, value, unit: 'ratio' });
  recordMetric({
    group: 'match() over a 1,000-endpoint catalog',
    name: 'p50 latency, intent matcher vs BM25 (sequential)',
    value: lat.ours.p50 / Math.max(lat.baseline.p50, 1e-9),
    unit: 'ratio',
  });
  console.log(
    [
      '',
      `## AGIS intents benchmark (DEV set, ${cases.length} cases, 10 services)`,
      formatReport([
        ['all', all.ours, all.baseline],
        ['tune (8 services)', tune.ours, tune.baseline],
        [`held out (${HELD_OUT_SERVICES.join(', ')})`, hold.ours, hold.baseline],
        ['cross-validated, out of fold', cv.outOfFold, all.baseline],
        ['cross-validated, in fold', cv.inFold, all.baseline],
      ]),
      '',
      formatTags(all.ours, all.baseline),
      '',
      `### Dates, times and names as written (${FORMS_TAG})`,
      formatFormsReport(forms),
      '',
      `match() latency over ${lat.endpoints} endpoints (ms): intent matcher p50 ${lat.ours.p50.toFixed(3)} p99 ${lat.ours.p99.toFixed(3)}; baseline: BM25 p50 ${lat.baseline.p50.toFixed(3)} p99 ${lat.baseline.p99.toFixed(3)}; p50 ratio ${(lat.ours.p50 / Math.max(lat.baseline.p50, 1e-9)).toFixed(2)}x`,
    ].join('\n'),
  );
}, 600_000);
