import { foldText, isStopword, stem } from '../../text.js';
import type { ParamValue } from '../types.js';
import type { Context, EndpointPlan, PropertyPlan } from './context.js';
import { matchEnum } from './enums.js';
import { extractShaped } from './extract-temporal.js';
import { findPatternToken, safePattern } from './patterns.js';
import { findPeople } from './people.js';
import { findAddresses, findAfterNameWord, findAfterPreposition } from './spans.js';
import { findEntityByHints, findIdentifier } from './strings.js';

const ID_NAME = /(?:^|_)(?:id|code|number|no|ref|reference|sku)$/;
const TEXT_NAME = /(?:memo|note|title|subject|label|nickname|name)/;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
const QUOTED = /['"\u2018\u201c]([^'"\u2019\u201d]{2,80})['"\u2019\u201d]/;

/**
 * A string property, most specific evidence first: enum values, calendar shapes, currency, e-mail,
 * the schema's pattern, a token after the property's own word ("PIN 4821"), a code after a hint
 * preposition ("to 10001"), identifiers, quoted text, addresses, names, then a word after a preposition.
 */
export function extractString(plan: PropertyPlan, ctx: Context): ParamValue | undefined {
  const value = findString(plan, ctx);
  // A value that breaks the property's declared pattern would be rejected by the endpoint anyway.
  const pattern = safePattern(plan.schema);
  if (typeof value === 'string' && pattern && !pattern.test(value)) return undefined;
  return value;
}

function findString(plan: PropertyPlan, ctx: Context): ParamValue | undefined {
  const { name, schema, hints, words, preps } = plan;
  if (schema.enum) return matchEnum(schema.enum, hints, ctx.folded);
  if (plan.shape !== 'other') return extractShaped(plan.shape, ctx);
  if (/currency/.test(name)) {
    const m = ctx.money.find((x) => x.currency !== undefined);
    if (m?.currency) return m.currency;
  }
  if (/email/.test(name) || /email/i.test(schema.description ?? '')) {
    const m = EMAIL.exec(ctx.text);
    if (m) return m[0];
  }
  const patterned = findPatternToken(ctx.outsideTemporal, schema, words);
  if (patterned !== undefined) return patterned;
  const cued = findAfterNameWord(ctx.outsideTemporal, plan.nameWordPattern);
  if (cued !== undefined) return cued;
  const code = findAfterPreposition(ctx.outsideTemporal, plan.prepPattern, {
    address: false,
    lowercase: false,
  });
  if (code !== undefined) return code;
  if (ID_NAME.test(name) || /\bid\b/i.test(schema.description ?? '')) {
    const id = findIdentifier(ctx.outsideTemporal, hints);
    if (id !== undefined) return id;
  }
  if (TEXT_NAME.test(name)) {
    const q = QUOTED.exec(ctx.text);
    if (q?.[1] && !/^s\b/.test(q[1])) return q[1];
  }
  if (plan.address) {
    const a = findAfterPreposition(ctx.outsideTemporal, plan.prepPattern, {
      address: true,
      lowercase: false,
    });
    if (a !== undefined) return a;
  }
  const entity = findEntityByHints(ctx.outsideTemporal, hints);
  if (entity?.cued) return entity.value;
  if (plan.address && preps.length === 0 && entity === undefined)
    return findAddresses(ctx.outsideTemporal)[0]?.value;
  // A lowercase name after the property's own preposition ("at copper-pot") beats a capitalised one cued by
  // nothing ("under the name Rivera").
  const lower = findAfterPreposition(ctx.outsideTemporal, plan.prepPattern, {
    address: false,
    lowercase: plan.lowercase,
  });
  return lower ?? entity?.value;
}

const GENERIC_FLAG_WORDS = new Set([
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

/** A boolean property: a hint phrase or a word of its name in the text, negated by a preceding "no"/"not"/"without". */
export function extractBoolean(plan: PropertyPlan, ctx: Context): boolean | undefined {
  const phrases = plan.hints
    .map((h) =>
      foldText(h)
        .replace(/[^a-z0-9 ]/g, '')
        .trim(),
    )
    .filter((h) => h.length >= 3);
  const keys = plan.words.filter((w) => !GENERIC_FLAG_WORDS.has(w) && w.length > 2);
  const hit = phrases.find((p) => ctx.folded.includes(p)) ?? keys.map(stem).find((k) => ctx.stems.has(k));
  if (hit === undefined) return undefined;
  const i = ctx.folded.indexOf(hit);
  if (i > 0 && /\b(?:no|not|without|non)\s*$/.test(ctx.folded.slice(Math.max(0, i - 10), i))) return false;
  return true;
}

/** An array of people (attendees, passengers) when the hints name people. */
export function extractPeople(
  plan: PropertyPlan,
  ctx: Context,
  endpoint: EndpointPlan,
): string[] | undefined {
  if (!plan.people) return undefined;
  const people = findPeople(ctx.outsideTemporal, (w) => isStopword(w) || endpoint.vocabulary.has(w));
  return people.length > 0 ? people : undefined;
}
