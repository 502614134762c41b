import { foldText, stem, wordTokens } from '../../text.js';
import type { MatcherEndpoint, MatcherJsonSchema, ParamValue } from '../types.js';
import { addDays, findTemporal, formatDate, formatDateTime, type TemporalMention } from './datetime.js';
import { matchEnum } from './enums.js';
import { findMoney, type MoneyMention, parseNumberToken } from './numbers.js';
import { findEntityByHints, findIdentifier } from './strings.js';

/** Prepared instruction analysis for parameter extraction. */
export interface Context {
  readonly text: string;
  readonly folded: string;
  readonly temporal: readonly TemporalMention[];
  readonly money: readonly MoneyMention[];
  readonly now: Date;
  /** Tokens in order with their numeric value, for number extraction. */
  readonly tokens: readonly string[];
}

const MONEY_NAME =
  /(?:price|amount|cost|budget|fee|value|payment|deposit|down|salary|rent|income|total|limit|balance)/;

function typeOf(schema: MatcherJsonSchema): string | undefined {
  return Array.isArray(schema.type)
    ? schema.type.find((t) => t !== 'null')
    : (schema.type as string | undefined);
}

function nameWords(name: string): string[] {
  return name.split('_').filter((w) => w.length > 0);
}

function pickOrdinal<T>(items: readonly T[], name: string, siblings: readonly string[]): T | undefined {
  if (items.length === 0) return undefined;
  if (/(?:^new_|end|until|return|to_|_to$|last)/.test(name)) return items[items.length - 1];
  const pos = siblings.indexOf(name);
  return items[Math.min(Math.max(pos, 0), items.length - 1)];
}

function extractTemporal(
  name: string,
  schema: MatcherJsonSchema,
  ctx: Context,
  siblings: readonly string[],
): ParamValue | undefined {
  const dates = ctx.temporal.filter((m) => m.kind === 'date');
  const times = ctx.temporal.filter((m) => m.kind === 'time');
  if (schema.format === 'date') {
    const d = pickOrdinal(dates, name, siblings);
    return d?.date ? formatDate(d.date) : undefined;
  }
  const time = pickOrdinal(times, name, siblings);
  if (!time || time.hour === undefined) return undefined;
  // Pair the time with the nearest date mentioned before it, else any date, else today.
  const before = dates.filter((d) => d.index <= time.index);
  const date = before[before.length - 1]?.date ?? dates[0]?.date ?? addDays(ctx.now, 0);
  return formatDateTime(date, time.hour, time.minute ?? 0);
}

function extractMoney(name: string, ctx: Context): number | undefined {
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
  const words = nameWords(name);
  // Prefer an amount next to one of the property's own words ("$20,000 earnest money").
  for (const m of money) {
    const around = ctx.text.slice(Math.max(0, m.index - 24), m.end + 24).toLowerCase();
    if (words.some((w) => w.length > 2 && around.includes(w))) return m.amount;
  }
  return money[0]?.amount;
}

function numberNear(ctx: Context, prev: readonly string[], next: readonly string[]): number | undefined {
  const toks = ctx.tokens;
  for (let i = 0; i < toks.length; i++) {
    const v = parseNumberToken(toks[i] ?? '');
    if (v === undefined || toks[i] === 'a' || toks[i] === 'an') continue;
    const p1 = toks[i - 1];
    const n1 = toks[i + 1];
    if (
      (p1 !== undefined && prev.includes(p1)) ||
      (n1 !== undefined &&
        next.some(
          (w) => n1 === w || (w.length > 2 && n1.startsWith(w)) || (n1.length > 2 && w.startsWith(n1)),
        ))
    )
      return v;
  }
  return undefined;
}

function extractNumber(
  name: string,
  schema: MatcherJsonSchema,
  hints: readonly string[],
  ctx: Context,
): number | undefined {
  let v: number | undefined;
  if (MONEY_NAME.test(name) && ctx.money.length > 0) v = extractMoney(name, ctx);
  if (v === undefined) {
    // Learn the words around numbers in the hints ("party of N", "4 people").
    const prev = new Set<string>();
    const next = new Set<string>();
    for (const h of hints) {
      const toks = wordTokens(h);
      toks.forEach((t, i) => {
        if (t === 'n' || parseNumberToken(t) !== undefined) {
          const p = toks[i - 1];
          const nx = toks[i + 1];
          if (p && p !== 'a' && p !== 'the') prev.add(p);
          if (nx) next.add(nx);
        }
      });
    }
    for (const w of nameWords(name))
      if (w.length > 1 && !['num', 'number', 'count', 'size', 'total', 'value', 'new'].includes(w))
        next.add(w);
    v = numberNear(ctx, [...prev], [...next]);
  }
  if (v === undefined) {
    const pct = /(?:rate|interest|percent|apr)/.test(name) ? /(\d+(?:\.\d+)?)\s?%/.exec(ctx.text) : null;
    if (pct) v = Number(pct[1]);
  }
  if (v === undefined) return undefined;
  if (typeOf(schema) === 'integer' && !Number.isInteger(v)) return undefined;
  if (schema.minimum !== undefined && v < schema.minimum) return undefined;
  if (schema.maximum !== undefined && v > schema.maximum) return undefined;
  return v;
}

function extractBoolean(name: string, hints: readonly string[], ctx: Context): boolean | undefined {
  const phrases = hints
    .map((h) =>
      foldText(h)
        .replace(/[^a-z0-9 ]/g, '')
        .trim(),
    )
    .filter((h) => h.length >= 3);
  const generic = new Set([
    'only',
    'is',
    'has',
    'include',
    'includes',
    'allow',
    'allows',
    'enabled',
    'flag',
    'now',
    'new',
  ]);
  const keys = nameWords(name).filter((w) => !generic.has(w) && w.length > 2);
  const hit =
    phrases.find((p) => ctx.folded.includes(p)) ??
    keys.map(stem).find((k) => wordTokens(ctx.folded).some((t) => stem(t) === k));
  if (hit === undefined) return undefined;
  const i = ctx.folded.indexOf(hit);
  if (i > 0 && /\b(?:no|not|without|non)\s*$/.test(ctx.folded.slice(Math.max(0, i - 10), i))) return false;
  return true;
}

function extractString(
  name: string,
  schema: MatcherJsonSchema,
  hints: readonly string[],
  ctx: Context,
): ParamValue | undefined {
  if (schema.enum) return matchEnum(schema.enum, hints, ctx.folded);
  if (/email/.test(name) || /email/i.test(schema.description ?? '')) {
    const m = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/.exec(ctx.text);
    if (m) return m[0];
  }
  if (
    /(?:^|_)(?:id|code|number|no|ref|reference|sku)$/.test(name) ||
    /\bid\b/i.test(schema.description ?? '')
  ) {
    const id = findIdentifier(ctx.text, hints);
    if (id !== undefined) return id;
  }
  if (/(?:memo|note|title|subject|label|nickname|name)/.test(name)) {
    const q = /['"\u2018\u201c]([^'"\u2019\u201d]{2,80})['"\u2019\u201d]/.exec(ctx.text);
    if (q?.[1] && !/^s\b/.test(q[1])) return q[1];
  }
  return findEntityByHints(ctx.text, hints);
}

/**
 * Fills the endpoint's input properties stated in the instruction, typed per the input
 * schema and guided by `parameter_hints`. Unstated properties are left out.
 */
export function extractParams(
  instruction: string,
  endpoint: MatcherEndpoint,
  now: Date,
): Record<string, ParamValue> {
  return extractParamsFrom(createParamContext(instruction, now), endpoint);
}

/** Instruction analysis shared by every candidate of one match() call. */
export function createParamContext(instruction: string, now: Date): Context {
  return {
    text: instruction,
    folded: foldText(instruction),
    temporal: findTemporal(instruction, now),
    money: findMoney(instruction),
    now,
    tokens: wordTokens(instruction.replace(/(\d),(\d{3})/g, '$1$2')),
  };
}

/** {@link extractParams} over a prepared context. */
export function extractParamsFrom(ctx: Context, endpoint: MatcherEndpoint): Record<string, ParamValue> {
  const props = endpoint.input?.properties ?? {};
  const hintsOf = endpoint.semantic.parameter_hints ?? {};
  const dateProps = Object.entries(props)
    .filter(([, s]) => s.format === 'date')
    .map(([n]) => n);
  const dateTimeProps = Object.entries(props)
    .filter(([, s]) => s.format === 'date-time')
    .map(([n]) => n);
  const out: Record<string, ParamValue> = {};
  for (const [name, schema] of Object.entries(props)) {
    const hints = hintsOf[name] ?? [];
    const type = typeOf(schema);
    let value: ParamValue | undefined;
    if (type === 'string' && (schema.format === 'date' || schema.format === 'date-time')) {
      value = extractTemporal(name, schema, ctx, schema.format === 'date' ? dateProps : dateTimeProps);
    } else if (type === 'integer' || type === 'number') value = extractNumber(name, schema, hints, ctx);
    else if (type === 'boolean') value = extractBoolean(name, hints, ctx);
    else if (type === 'string') value = extractString(name, schema, hints, ctx);
    else if (type === 'array' && schema.items && typeOf(schema.items) === 'string' && schema.items.enum) {
      const v = matchEnum(schema.items.enum, hints, ctx.folded);
      if (v !== undefined) value = [v];
    }
    if (value !== undefined) out[name] = value;
  }
  return out;
}
