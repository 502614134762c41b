import { isRiskyPattern } from '../json-schema/pattern-safety.js';
import { cachedRegExp } from './params/regex-cache.js';
import type { MatcherEndpoint } from './types.js';

/** Identifier evidence an endpoint declares: input `pattern`s and the shapes of hint examples. */
export interface IdEvidence {
  /** Compiled patterns with a specificity flag (literal letters such as ^PW make a pattern specific). */
  readonly patterns: ReadonlyArray<{
    readonly re: RegExp;
    readonly specific: boolean;
    readonly property: string;
  }>;
  /** Shapes of identifier-like hint examples ("NW-88231" -> "NW-9"). */
  readonly shapes: ReadonlySet<string>;
}

/** "SB 212" -> "SB212": carriers and couriers write prefixes with or without a space. */
function joinPrefixed(text: string): string {
  return text.replace(/\b([A-Z]{1,3}) (\d{1,6})\b/g, '$1$2');
}

/** Identifier-like tokens: mixed letters and digits, or letter-prefixed codes. */
export function idLikeTokens(text: string): string[] {
  const out: string[] = [];
  for (const m of joinPrefixed(text).matchAll(/[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*/g)) {
    const t = m[0];
    if (
      /\d/.test(t) &&
      /[A-Za-z]/.test(t) &&
      t.length >= 4 &&
      !/^\d+(?:st|nd|rd|th|am|pm|kg|k|h|m|gb|mb)$/i.test(t)
    )
      out.push(t);
  }
  return out;
}

/** Uppercase letters kept, lowercase runs -> "a", digit runs -> "9". */
export function idShape(token: string): string {
  return token.replace(/[a-z]+/g, 'a').replace(/\d+/g, '9');
}

function isSpecific(source: string): boolean {
  const stripped = source
    .replace(/\\./g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\{[^}]*\}/g, '');
  return /[A-Za-z]/.test(stripped);
}

/** Collects identifier evidence from an endpoint's input schema and hints. */
export function endpointIdEvidence(endpoint: MatcherEndpoint): IdEvidence {
  const patterns: Array<{ re: RegExp; specific: boolean; property: string }> = [];
  for (const [property, schema] of Object.entries(endpoint.input?.properties ?? {})) {
    if (typeof schema.pattern !== 'string' || schema.pattern.length > 200 || isRiskyPattern(schema.pattern))
      continue;
    try {
      // Catalogs repeat patterns across endpoints and services; one shared RegExp object per source
      // lets a match test each pattern once per token (see createIdProbe).
      patterns.push({ re: cachedRegExp(schema.pattern), specific: isSpecific(schema.pattern), property });
    } catch {
      // An invalid pattern is the validator's concern; the matcher just ignores it.
    }
  }
  const shapes = new Set<string>();
  for (const values of Object.values(endpoint.semantic.parameter_hints ?? {})) {
    for (const v of values) for (const t of idLikeTokens(v)) shapes.add(idShape(t));
  }
  return { patterns, shapes };
}

/** An instruction's identifier tokens with their shapes and a memo of pattern tests. */
export interface IdProbe {
  readonly tokens: ReadonlyArray<{ readonly token: string; readonly shape: string; readonly upper: boolean }>;
  /** Whether `re` matches the token at `k`, memoised by pattern source. */
  test(re: RegExp, k: number): boolean;
}

/** Prepares tokens for {@link idMatchStrength} across many endpoints. */
export function createIdProbe(tokens: readonly string[]): IdProbe {
  // Per pattern object: 0 untested, 1 no match, 2 match, per token.
  const memo = new Map<RegExp, Uint8Array>();
  const info = tokens.map((token) => ({ token, shape: idShape(token), upper: /[A-Z]/.test(token) }));
  return {
    tokens: info,
    test(re, k) {
      let row = memo.get(re);
      if (!row) {
        row = new Uint8Array(info.length);
        memo.set(re, row);
      }
      if (row[k] === 0) row[k] = re.test(info[k]?.token ?? '') ? 2 : 1;
      return row[k] === 2;
    },
  };
}

/** Strength of the identifier evidence for one endpoint: 1 specific pattern, 0.6 shape, 0.3 generic pattern. */
export function idMatchStrength(probe: IdProbe, evidence: IdEvidence): { strength: number; token?: string } {
  let best = 0;
  let token: string | undefined;
  probe.tokens.forEach((t, k) => {
    for (const p of evidence.patterns) {
      const s = p.specific ? 1 : 0.3;
      if (s > best && probe.test(p.re, k)) {
        best = s;
        token = t.token;
      }
    }
    if (best < 0.6 && t.upper && evidence.shapes.has(t.shape)) {
      best = 0.6;
      token = t.token;
    }
  });
  return { strength: best, token };
}
