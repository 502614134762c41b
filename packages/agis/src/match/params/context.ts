import { foldText, stem, wordTokens } from '../../text.js';
import type { MatcherEndpoint, MatcherJsonSchema } from '../types.js';
import type { DateOrder } from './date-order.js';
import { findTemporal, type TemporalMention } from './datetime.js';
import { findMonths, type MonthParts } from './months.js';
import { findMoney, type MoneyMention, numericTokens, parseNumberToken } from './numbers.js';
import { type StringShape, stringShape } from './patterns.js';
import { hintsNamePeople } from './people.js';
import { cachedRegExp, escapeRegExp } from './regex-cache.js';
import { hasAddress, hintPrepositions, nameWordPattern, prepositionPattern } from './spans.js';

/** Prepared instruction analysis for parameter extraction; the costlier parts are computed on first use. */
export interface Context {
  readonly text: string;
  /**
   * `text` with every date and time found blanked out (same length), which names, numbers and identifiers are
   * read from: a value is never taken from inside a date or a time ("at copper-pot at 2030-05-06T19:00").
   */
  readonly outsideTemporal: string;
  readonly folded: string;
  readonly temporal: readonly TemporalMention[];
  readonly money: readonly MoneyMention[];
  /** Months named without a day, in order. */
  readonly months: readonly MonthParts[];
  readonly now: Date;
  /** Word tokens in order, decimals kept whole, for number extraction. */
  readonly tokens: readonly string[];
  /** The numeric value of each of `tokens` ("a"/"an" excluded), or undefined. */
  readonly numbers: ReadonlyArray<number | undefined>;
  /** Stems of the instruction's words. */
  readonly stems: ReadonlySet<string>;
}

function once<T>(compute: () => T): () => T {
  let value: T | undefined;
  let done = false;
  return () => {
    if (!done) {
      value = compute();
      done = true;
    }
    return value as T;
  };
}

/** Options of {@link createParamContext}. */
export interface ParamContextOptions {
  /** Order of all-numeric dates (from the locale); default month first. */
  readonly order?: DateOrder;
  /** Mentions already found by {@link findTemporal} for this instruction, now and order. */
  readonly temporal?: readonly TemporalMention[];
}

/**
 * The text with the spans of `mentions` (in order) replaced by `fill`; the default ';' is a separator none of
 * the value patterns reads as part of a value, which stops a name or a code at the date's edge.
 */
export function blankTemporal(text: string, mentions: readonly TemporalMention[], fill = ';'): string {
  if (mentions.length === 0) return text;
  let out = '';
  let at = 0;
  for (const m of mentions) {
    if (m.index < at) continue;
    out += text.slice(at, m.index) + fill.repeat(m.end - m.index);
    at = m.end;
  }
  return out + text.slice(at);
}

/** Instruction analysis shared by every candidate of one match() call. */
export function createParamContext(
  instruction: string,
  now: Date,
  options: ParamContextOptions = {},
): Context {
  const temporal = once(() => options.temporal ?? findTemporal(instruction, now, { order: options.order }));
  const outside = once(() => blankTemporal(instruction, temporal()));
  const money = once(() => findMoney(outside()));
  const months = once(() => findMonths(instruction, now));
  const tokens = once(() => numericTokens(outside()));
  const numbers = once(() =>
    tokens().map((t) => (t === 'a' || t === 'an' ? undefined : parseNumberToken(t))),
  );
  const folded = foldText(instruction);
  const stems = once(() => new Set(wordTokens(folded).map(stem)));
  return {
    text: instruction,
    get outsideTemporal() {
      return outside();
    },
    folded,
    now,
    get temporal() {
      return temporal();
    },
    get money() {
      return money();
    },
    get months() {
      return months();
    },
    get tokens() {
      return tokens();
    },
    get numbers() {
      return numbers();
    },
    get stems() {
      return stems();
    },
  };
}

/** The non-null JSON type of a schema. */
export function typeOf(schema: MatcherJsonSchema): string | undefined {
  return Array.isArray(schema.type)
    ? schema.type.find((t) => t !== 'null')
    : (schema.type as string | undefined);
}

/** Words of a snake_case property name. */
export function nameWords(name: string): string[] {
  return name.split('_').filter((w) => w.length > 0);
}

/** Characters between the span [start, end) and the nearest whole-word occurrence of one of `words` within `window`. */
export function nearestWordDistance(
  folded: string,
  words: readonly string[],
  start: number,
  end: number,
  window: number,
): number | undefined {
  let best: number | undefined;
  const from = Math.max(0, start - window);
  const around = folded.slice(from, end + window);
  for (const w of words) {
    for (const m of around.matchAll(cachedRegExp(`\\b${escapeRegExp(w)}`, 'g'))) {
      const at = from + m.index;
      const d = at >= end ? at - end : Math.max(0, start - (at + w.length));
      if (best === undefined || d < best) best = d;
    }
  }
  return best;
}

/** What extraction needs to know about one input property, worked out once per endpoint. */
export interface PropertyPlan {
  readonly name: string;
  readonly schema: MatcherJsonSchema;
  readonly hints: readonly string[];
  readonly type: string | undefined;
  readonly words: readonly string[];
  /** Calendar/clock shape of a string property. */
  readonly shape: StringShape;
  /** Prepositions the hints open with ("to 10001" -> "to"), and the pattern that finds them in text. */
  readonly preps: readonly string[];
  readonly prepPattern: RegExp | undefined;
  /** Pattern finding a token right after one of the property's own words. */
  readonly nameWordPattern: RegExp | undefined;
  /** The property takes a street address. */
  readonly address: boolean;
  /** The hints show a preposition followed by a lowercase word ("from checking"). */
  readonly lowercase: boolean;
  /** The hints name people (array properties). */
  readonly people: boolean;
  /** Words the hints put right before / after a number ("party of N", "4 people"). */
  readonly numberBefore: readonly string[];
  readonly numberAfter: readonly string[];
}

/** Properties of an endpoint with their plans, and the date / date-time properties in order. */
export interface EndpointPlan {
  readonly properties: readonly PropertyPlan[];
  readonly dateProps: readonly string[];
  readonly dateTimeProps: readonly string[];
  /** Words of the endpoint's own intent, outcome and path (not people's names). */
  readonly vocabulary: ReadonlySet<string>;
}

const NO_HINTS: readonly string[] = [];
const GENERIC_NUMBER_WORDS = new Set(['num', 'number', 'count', 'size', 'total', 'value', 'new']);

function numberCues(name: string, hints: readonly string[]) {
  const before = new Set<string>();
  const after = new Set<string>();
  for (const h of hints) {
    const toks = numericTokens(h);
    toks.forEach((t, i) => {
      if (t === 'n' || parseNumberToken(t) !== undefined) {
        const p = toks[i - 1];
        const nx = toks[i + 1];
        if (p && p !== 'a' && p !== 'the') before.add(p);
        if (nx) after.add(nx);
      }
    });
  }
  for (const w of nameWords(name)) if (w.length > 1 && !GENERIC_NUMBER_WORDS.has(w)) after.add(w);
  return { numberBefore: [...before], numberAfter: [...after] };
}

function planProperty(name: string, schema: MatcherJsonSchema, hints: readonly string[]): PropertyPlan {
  const preps = hintPrepositions(hints);
  const words = nameWords(name);
  return {
    name,
    schema,
    hints,
    type: typeOf(schema),
    words,
    shape: stringShape(schema),
    preps,
    prepPattern: prepositionPattern(preps),
    nameWordPattern: nameWordPattern(words),
    address: /address/.test(name) || hints.some(hasAddress),
    lowercase: hints.some((h) => /^[a-z]+(?:\s+(?:my|the))?\s+[a-z]/.test(h)),
    people: hintsNamePeople(hints),
    ...numberCues(name, hints),
  };
}

// Documents outlive match() calls: each endpoint is planned once.
const plans = new WeakMap<MatcherEndpoint, EndpointPlan>();

/** The extraction plan of an endpoint (memoised per endpoint object). */
export function endpointPlan(endpoint: MatcherEndpoint): EndpointPlan {
  let plan = plans.get(endpoint);
  if (plan) return plan;
  const props = Object.entries(endpoint.input?.properties ?? {});
  const hintsOf = endpoint.semantic.parameter_hints ?? {};
  plan = {
    properties: props.map(([name, schema]) => planProperty(name, schema, hintsOf[name] ?? NO_HINTS)),
    dateProps: props.filter(([, s]) => s.format === 'date').map(([n]) => n),
    dateTimeProps: props.filter(([, s]) => s.format === 'date-time').map(([n]) => n),
    vocabulary: new Set(
      wordTokens(`${endpoint.semantic.intent} ${endpoint.semantic.outcome ?? ''} ${endpoint.path}`),
    ),
  };
  plans.set(endpoint, plan);
  return plan;
}
