import { foldText, isStopword } from '../../text.js';
import { type Context, nearestWordDistance, type PropertyPlan } from './context.js';
import { findDurationMinutes, type MoneyMention } from './numbers.js';

const MONEY_NAME =
  /(?:price|amount|cost|budget|fee|value|payment|deposit|down|salary|rent|income|total|limit|balance)/;
const PERCENT_NAME = /(?:rate|interest|percent|pct|apr)/;

function extractMoney(plan: PropertyPlan, ctx: Context): number | undefined {
  const { name } = plan;
  const money = ctx.money;
  if (money.length === 0) return undefined;
  const cueBefore = (m: MoneyMention, re: RegExp) =>
    re.test(ctx.text.slice(Math.max(0, m.index - 16), m.index).toLowerCase());
  if (/(?:^|_)max|maximum|budget/.test(name)) {
    const m =
      money.find((x) =>
        cueBefore(x, /(?:under|below|less than|up to|max|at most|and|or less|budget of)\s*$/),
      ) ?? (money.length > 1 ? money[money.length - 1] : money[0]);
    return m?.amount;
  }
  if (/(?:^|_)min|minimum/.test(name)) {
    const m = money.find((x) => cueBefore(x, /(?:over|above|at least|from|between|min)\s*$/));
    return m?.amount ?? (money.length > 1 ? money[0]?.amount : undefined);
  }
  const words = plan.words.filter((w) => w.length > 2);
  // Prefer the amount closest to one of the property's own words ("$600k house with $120k down").
  let best: { amount: number; distance: number } | undefined;
  for (const m of money) {
    const distance = nearestWordDistance(ctx.folded, words, m.index, m.end, 24);
    if (distance !== undefined && (best === undefined || distance < best.distance))
      best = { amount: m.amount, distance };
  }
  return best?.amount ?? money[0]?.amount;
}

function numberNear(ctx: Context, prev: readonly string[], next: readonly string[]): number | undefined {
  const toks = ctx.tokens;
  const isNext = (t: string | undefined) =>
    t !== undefined &&
    next.some((w) => t === w || (w.length > 2 && t.startsWith(w)) || (t.length > 2 && w.startsWith(t)));
  const values = ctx.numbers;
  for (let i = 1; i < toks.length; i++) {
    const v = values[i];
    if (v !== undefined && prev.includes(toks[i - 1] ?? '')) return v;
  }
  // A cue the hints put before the number ("episode 5") outranks a noun after another number.
  for (let i = 0; i < toks.length; i++) {
    const v = values[i];
    if (v !== undefined && isNext(toks[i + 1])) return v;
  }
  // One modifier between the number and its noun ("one checked bag", "3 large boxes").
  for (let i = 0; i < toks.length; i++) {
    const v = values[i];
    const n1 = toks[i + 1];
    if (
      v !== undefined &&
      n1 !== undefined &&
      values[i + 1] === undefined &&
      !isStopword(n1) &&
      isNext(toks[i + 2])
    )
      return v;
  }
  return undefined;
}

/** A percentage: the one next to the property's words, else after a cue the hints use ("at 6.5%"), else the only one. */
function extractPercent(plan: PropertyPlan, ctx: Context): number | undefined {
  const found = [...ctx.folded.matchAll(/(\d+(?:\.\d+)?)\s?(?:%|percent\b)/g)];
  if (found.length === 0) return undefined;
  const words = plan.words.filter((w) => w.length > 2 && w !== 'percent');
  let best: { v: number; d: number } | undefined;
  for (const m of found) {
    const d = nearestWordDistance(ctx.folded, words, m.index, m.index + m[0].length, 16);
    if (d !== undefined && (best === undefined || d < best.d)) best = { v: Number(m[1]), d };
  }
  if (best) return best.v;
  const cues = new Set(
    plan.hints.flatMap((h) =>
      [...foldText(h).matchAll(/([a-z]+)\s+\d+(?:\.\d+)?\s?%/g)].map((m) => m[1] ?? ''),
    ),
  );
  const cued = found.find((m) => {
    const before = /([a-z]+)\s*$/.exec(ctx.folded.slice(Math.max(0, m.index - 12), m.index))?.[1];
    return before !== undefined && cues.has(before);
  });
  if (cued) return Number(cued[1]);
  return found.length === 1 ? Number(found[0]?.[1]) : undefined;
}

/** A number or integer property: percentages, durations in minutes, money, then numbers next to learned cue words. */
export function extractNumber(plan: PropertyPlan, ctx: Context): number | undefined {
  const { name, schema } = plan;
  let v: number | undefined;
  if (PERCENT_NAME.test(name)) v = extractPercent(plan, ctx);
  if (v === undefined && /(?:minute|duration)/.test(name))
    v = findDurationMinutes(ctx.outsideTemporal) ?? ctx.temporal.find((m) => m.rangeMinutes)?.rangeMinutes;
  if (v === undefined && MONEY_NAME.test(name) && ctx.money.length > 0) v = extractMoney(plan, ctx);
  if (v === undefined) v = numberNear(ctx, plan.numberBefore, plan.numberAfter);
  if (v === undefined) return undefined;
  if (plan.type === 'integer' && !Number.isInteger(v)) return undefined;
  if (schema.minimum !== undefined && v < schema.minimum) return undefined;
  if (schema.maximum !== undefined && v > schema.maximum) return undefined;
  return v;
}
