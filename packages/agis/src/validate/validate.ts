import { checkOptions, is } from '@agentweb/core';
import { normalizeAgisAliases } from '../document/aliases.js';
import { isAgisParseError } from '../document/errors.js';
import { checkValueShape, resolveLimits } from '../document/limits.js';
import { AGIS_ACTORS, AGIS_CAPABILITIES, AGIS_IMPACT_TIERS } from '../document/model.js';
import {
  type AgisPath,
  type AgisSourceOptions,
  formatAgisPath,
  parseAgisSource,
} from '../document/source.js';
import { cosine, createLexicalEmbedder, type Embedder } from '../embedder.js';
import { isJsonObject } from '../json-object.js';
import { jsonSchemaProblems } from '../json-schema/schema-problems.js';
import { lemmatizeVerb } from '../lexicon/index.js';
import { EMBEDDER_RULE, SOURCE_OPTION_RULES } from '../option-rules.js';
import { instructionLike, intentContradiction, intentVerb, methodGloss } from './consistency.js';
import { checkMethodClass, checkMethodSyntax, isJudgeableMethod } from './method-rules.js';
import { checkPath } from './path-rules.js';
import type { AgisPass, AgisValidationIssue, AgisValidationResult } from './types.js';

/** Options of {@link validateAgisDocument}. */
export interface ValidateAgisOptions extends AgisSourceOptions {
  /** Conformance level: 1 (default) checks REQUIRED fields; 2 also the fields Level 2 makes REQUIRED. */
  level?: 1 | 2;
  /** Embeds method glosses and intents for pass 6; default: the deterministic hashed embedder. */
  embedder?: Embedder;
  /**
   * Pass 6 thresholds on cosine similarity between the method (with its synonyms) and the intent. With a
   * supplied embedder: warn below 0.3, fail below 0.1 (the draft's sentence-transformer scale). With the
   * built-in lexical embedder: warn below 0.1, no similarity failure (contradiction rules still fail).
   */
  consistency?: { warnBelow?: number; failBelow?: number };
  /** Longest accepted intent or outcome statement, in characters (draft §12: 500). */
  maxStatementLength?: number;
  /** Aborts the (possibly remote) embedding step. */
  signal?: AbortSignal;
}

type Rec = Record<string, unknown>;
const nonEmptyString = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
const SENSITIVITY = new Set(['low', 'medium', 'high', ...AGIS_IMPACT_TIERS]);

class Collector {
  readonly failures: AgisValidationIssue[] = [];
  readonly warnings: AgisValidationIssue[] = [];
  constructor(private readonly locate?: (path: AgisPath) => { line: number; column: number } | undefined) {}

  add(kind: 'fail' | 'warn', pass: AgisPass, rule: string, path: AgisPath, message: string): void {
    const issue: AgisValidationIssue = {
      pass,
      rule,
      path: formatAgisPath(path),
      message,
      ...(this.locate?.(path) ?? {}),
    };
    (kind === 'fail' ? this.failures : this.warnings).push(issue);
  }
}

function structural(doc: Rec, c: Collector): void {
  for (const key of ['agis', 'service', 'agtp'] as const) {
    const v = doc[key];
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
      c.add(
        'fail',
        1,
        `document.${key}-missing`,
        [key],
        `Required top-level field "${key}" is missing or empty.`,
      );
    } else if (typeof doc[key] !== 'string' && !(key === 'agis' && typeof doc[key] === 'number')) {
      c.add('fail', 1, `document.${key}-type`, [key], `Top-level field "${key}" must be a string.`);
    }
  }
  // Only a string or number is a version; anything else (an object whose `toString` is data) is not stringified.
  const version = doc['agis'];
  if (
    version !== undefined &&
    !((typeof version === 'string' || typeof version === 'number') && String(version) === '1.0')
  ) {
    c.add(
      'warn',
      1,
      'document.agis-version',
      ['agis'],
      `This validator implements AGIS 1.0; the document declares ${shown(version)}.`,
    );
  }
  if (typeof doc['agtp'] === 'string' && doc['agtp'] !== '' && !doc['agtp'].startsWith('agtp://')) {
    c.add('warn', 1, 'document.agtp-scheme', ['agtp'], 'The AGTP address SHOULD be an agtp:// URI.');
  }
  for (const key of ['description', 'version'] as const) {
    if (doc[key] === undefined)
      c.add('warn', 1, `document.${key}-recommended`, [], `Top-level field "${key}" is RECOMMENDED.`);
  }
  const endpoints = doc['endpoints'];
  if (!Array.isArray(endpoints) || endpoints.length === 0) {
    c.add(
      'fail',
      1,
      'document.endpoints-missing',
      ['endpoints'],
      'Required "endpoints" must list one or more endpoint definitions.',
    );
  } else {
    endpoints.forEach((ep, i) => {
      if (!isJsonObject(ep))
        c.add(
          'fail',
          1,
          'endpoint.type',
          ['endpoints', i],
          `Endpoint ${i} must be a mapping with method, path, semantic, input, output and errors.`,
        );
    });
  }
  const vocabulary = doc['vocabulary'];
  if (!isJsonObject(vocabulary) || Object.keys(vocabulary).length === 0) {
    c.add(
      'fail',
      1,
      'document.vocabulary-missing',
      ['vocabulary'],
      'Required "vocabulary" block (declared_verbs, domain, ...) is missing or empty.',
    );
  } else {
    if (vocabulary['negotiable'] !== undefined && typeof vocabulary['negotiable'] !== 'boolean') {
      c.add(
        'fail',
        1,
        'vocabulary.negotiable-type',
        ['vocabulary', 'negotiable'],
        '"negotiable" must be true or false.',
      );
    }
    if (vocabulary['negotiable'] === true && doc['data_manifest'] === undefined) {
      c.add(
        'fail',
        1,
        'document.negotiable-without-manifest',
        ['vocabulary', 'negotiable'],
        '"negotiable: true" requires a data_manifest block declaring the data classes the service will negotiate (§8.2 e).',
      );
    }
    if (vocabulary['domain'] === undefined)
      c.add(
        'warn',
        1,
        'vocabulary.domain-recommended',
        ['vocabulary'],
        'vocabulary.domain SHOULD name the service domain.',
      );
  }
  dataManifest(doc, c);
}

function dataManifest(doc: Rec, c: Collector): void {
  const manifest = doc['data_manifest'];
  if (manifest === undefined) return;
  if (!isJsonObject(manifest) || !Array.isArray(manifest['available_data'])) {
    c.add(
      'fail',
      1,
      'data-manifest.available-data',
      ['data_manifest'],
      'data_manifest must contain an "available_data" list of data classes.',
    );
    return;
  }
  if (manifest['pre_auth_discovery'] !== undefined && typeof manifest['pre_auth_discovery'] !== 'boolean') {
    c.add(
      'fail',
      1,
      'data-manifest.pre-auth-type',
      ['data_manifest', 'pre_auth_discovery'],
      '"pre_auth_discovery" must be true or false.',
    );
  }
  const seen = new Set<string>();
  manifest['available_data'].forEach((item, i) => {
    const at = ['data_manifest', 'available_data', i];
    if (!isJsonObject(item) || !nonEmptyString(item['class'])) {
      c.add(
        'fail',
        1,
        'data-manifest.class-missing',
        at,
        `Data class ${i} must have a non-empty "class" name.`,
      );
      return;
    }
    if (seen.has(item['class']))
      c.add(
        'warn',
        1,
        'data-manifest.duplicate-class',
        at,
        `Data class "${item['class']}" is declared twice.`,
      );
    seen.add(item['class']);
    if (
      item['formats'] !== undefined &&
      !(Array.isArray(item['formats']) && item['formats'].every((f) => typeof f === 'string'))
    ) {
      c.add(
        'fail',
        1,
        'data-manifest.formats-type',
        [...at, 'formats'],
        '"formats" must be a list of format names such as json or csv.',
      );
    }
    const s = item['sensitivity'];
    if (s !== undefined && !(typeof s === 'string' && SENSITIVITY.has(s))) {
      c.add(
        'warn',
        1,
        'data-manifest.sensitivity',
        [...at, 'sensitivity'],
        'sensitivity SHOULD be low, medium or high (or an impact_tier value).',
      );
    }
    const auth = item['requires_authorization'];
    if (auth !== undefined && typeof auth !== 'boolean') {
      c.add(
        'fail',
        1,
        'data-manifest.requires-authorization-type',
        [...at, 'requires_authorization'],
        '"requires_authorization" must be true or false.',
      );
    }
    // The draft's example uses low/medium/high while its prose reuses the impact_tier scale, whose top
    // value (irreversible) is the high-sensitivity class.
    if ((s === 'high' || s === 'irreversible') && auth !== true) {
      c.add(
        'warn',
        1,
        'data-manifest.high-needs-authorization',
        at,
        `High-sensitivity data class "${item['class']}" SHOULD declare requires_authorization: true.`,
      );
    }
  });
}

/** A document value in a message: short, and never a throw (a BigInt or a cyclic value has no JSON). */
function shown(value: unknown): string {
  try {
    const text = JSON.stringify(value) ?? String(typeof value);
    return text.length > 60 ? `${text.slice(0, 60)}...` : text;
  } catch {
    return `a ${typeof value}`;
  }
}

/** The endpoint's path for a message (a path that is not a string is shown as `?`). */
function pathText(ep: Rec): string {
  return typeof ep['path'] === 'string' ? ep['path'] : '?';
}

function methodOf(ep: Rec): string | undefined {
  return typeof ep['method'] === 'string' ? ep['method'] : undefined;
}

/**
 * Validates an AGIS document (text in YAML, JSON or brace notation, or an already-parsed value) with the
 * eight passes of draft §9.1. Every pass is judged on its own rule and every violated pass is reported;
 * a pass whose input is absent is skipped (no endpoints: passes 2-8; no vocabulary: pass 7; no semantic
 * block: pass 6 for that endpoint). Unreadable text yields a pass-1 failure with the parse position.
 */
export async function validateAgisDocument(
  docOrText: unknown,
  options: ValidateAgisOptions = {},
): Promise<AgisValidationResult> {
  checkOptions('validateAgisDocument', options, {
    ...SOURCE_OPTION_RULES,
    level: is.oneOf(1, 2),
    embedder: EMBEDDER_RULE,
    consistency: is.shape({ warnBelow: is.number, failBelow: is.number }),
    maxStatementLength: is.positiveInteger,
    signal: is.signal,
  });
  const level = options.level ?? 1;
  let value: unknown = docOrText;
  let locate: ((path: AgisPath) => { line: number; column: number } | undefined) | undefined;
  try {
    if (typeof docOrText === 'string') {
      const source = parseAgisSource(docOrText, options);
      value = source.value;
      locate = (p) => source.locate(p);
    } else {
      // A value handed over directly gets the same depth and size limits as parsed text (it may be cyclic).
      checkValueShape(docOrText, resolveLimits(options), formatAgisPath);
    }
  } catch (error) {
    if (!isAgisParseError(error)) throw error;
    const issue: AgisValidationIssue = {
      pass: 1,
      rule: `document.${error.reason}`,
      path: error.path ?? '',
      message: error.message,
      ...(error.line !== undefined ? { line: error.line, column: error.column ?? 1 } : {}),
    };
    return { conforms: false, level, failures: [issue], warnings: [], failingPasses: [1] };
  }
  const { value: normalized, notes } = normalizeAgisAliases(value);
  const c = new Collector(locate);
  for (const note of notes) c.add('warn', 1, 'semantic.alias', [], note);
  if (!isJsonObject(normalized)) {
    c.add(
      'fail',
      1,
      'document.type',
      [],
      'An AGIS document must be a mapping of top-level fields (agis, service, agtp, endpoints, vocabulary).',
    );
    return finish(c, level);
  }
  const doc = normalized;
  structural(doc, c);
  const endpoints: Rec[] = [];
  const indexOf = new Map<Rec, number>();
  if (Array.isArray(doc['endpoints'])) {
    doc['endpoints'].forEach((ep, i) => {
      // The first position of an endpoint object listed twice, as indexOf gave.
      if (isJsonObject(ep) && !indexOf.has(ep)) indexOf.set(ep, i);
      if (isJsonObject(ep)) endpoints.push(ep);
    });
  }
  const methodOk = new Map<Rec, boolean>();

  // Pass 2 and 3.
  for (const ep of endpoints) {
    const i = indexOf.get(ep)!;
    const method = methodOf(ep);
    if (method === undefined) {
      c.add(
        'fail',
        2,
        'method.missing',
        ['endpoints', i, 'method'],
        `Endpoint ${i} has no method; add an imperative verb such as FIND.`,
      );
      methodOk.set(ep, false);
      continue;
    }
    const syntax = checkMethodSyntax(method);
    for (const f of syntax.failures) c.add('fail', 2, f.rule, ['endpoints', i, 'method'], f.message);
    for (const w of syntax.warnings) c.add('warn', 2, w.rule, ['endpoints', i, 'method'], w.message);
    let ok = syntax.failures.length === 0;
    if (isJudgeableMethod(method)) {
      const cls = checkMethodClass(method);
      for (const f of cls.failures) c.add('fail', 3, f.rule, ['endpoints', i, 'method'], f.message);
      for (const w of cls.warnings) c.add('warn', 3, w.rule, ['endpoints', i, 'method'], w.message);
      ok = ok && cls.failures.length === 0;
    } else ok = false;
    methodOk.set(ep, ok);
  }

  // Pass 4.
  const seenRoutes = new Set<string>();
  for (const ep of endpoints) {
    const i = indexOf.get(ep)!;
    if (typeof ep['path'] !== 'string') {
      c.add(
        'fail',
        4,
        'path.missing',
        ['endpoints', i, 'path'],
        `Endpoint ${i} has no path; add a noun path such as /reservation.`,
      );
      continue;
    }
    for (const f of checkPath(ep['path'], methodOf(ep)))
      c.add('fail', 4, f.rule, ['endpoints', i, 'path'], f.message);
    const route = `${methodOf(ep)?.toUpperCase()} ${ep['path']}`;
    if (seenRoutes.has(route))
      c.add('warn', 4, 'path.duplicate-route', ['endpoints', i], `${route} is declared more than once.`);
    seenRoutes.add(route);
  }

  // Pass 5.
  const maxLen = options.maxStatementLength ?? 500;
  for (const ep of endpoints) semanticCompleteness(ep, indexOf.get(ep)!, level, maxLen, c);

  // Pass 6.
  await semanticConsistency(endpoints, indexOf, methodOk, options, c);

  // Pass 7.
  vocabularyIntegrity(doc, endpoints, c);

  // Pass 8.
  for (const ep of endpoints) schemaCompleteness(ep, indexOf.get(ep)!, c);
  mcpNames(endpoints, indexOf, c);
  return finish(c, level);
}

function semanticCompleteness(ep: Rec, i: number, level: 1 | 2, maxLen: number, c: Collector): void {
  const sem = ep['semantic'];
  const label = `${methodOf(ep) ?? '?'} ${typeof ep['path'] === 'string' ? ep['path'] : ''}`.trim();
  if (!isJsonObject(sem)) {
    c.add(
      'fail',
      5,
      'semantic.missing',
      ['endpoints', i, 'semantic'],
      `Endpoint ${label} has no semantic block; add intent, actor and outcome.`,
    );
    return;
  }
  const at = (k: string) => ['endpoints', i, 'semantic', k];
  for (const key of ['intent', 'actor', 'outcome'] as const) {
    if (!nonEmptyString(sem[key])) {
      c.add(
        'fail',
        5,
        `semantic.${key}-missing`,
        sem[key] === undefined ? ['endpoints', i, 'semantic'] : at(key),
        `Endpoint ${label} has no semantic.${key}; it is REQUIRED at every level.`,
      );
    }
  }
  for (const key of ['intent', 'outcome'] as const) {
    const text = sem[key];
    if (!nonEmptyString(text)) continue;
    // Characters, not UTF-16 code units: 300 emoji or CJK supplementary characters are 300 characters.
    const length = [...text].length;
    if (length > maxLen) {
      c.add(
        'fail',
        5,
        `semantic.${key}-too-long`,
        at(key),
        `semantic.${key} of ${label} is ${length} characters; keep it to one sentence under ${maxLen}.`,
      );
    }
    const why = instructionLike(text);
    if (why) {
      c.add(
        'fail',
        5,
        'semantic.instruction-like',
        at(key),
        `semantic.${key} of ${label} reads like an instruction to a model (${why}); describe the operation instead.`,
      );
    }
  }
  const enumCheck = (key: string, allowed: readonly string[]) => {
    const v = sem[key];
    if (v === undefined) return;
    // "MUST be one of the following if present" (§5.1, §5.2): a wrong value fails at every level.
    if (typeof v !== 'string' || !allowed.includes(v)) {
      c.add(
        'fail',
        5,
        `semantic.${key}-value`,
        at(key),
        `semantic.${key} of ${label} MUST be one of ${allowed.join(', ')}.`,
      );
    }
  };
  enumCheck('actor', AGIS_ACTORS);
  enumCheck('capability', AGIS_CAPABILITIES);
  enumCheck('impact_tier', AGIS_IMPACT_TIERS);
  const cg = sem['confidence_guidance'];
  if (cg !== undefined && !(typeof cg === 'number' && cg >= 0 && cg <= 1)) {
    c.add(
      'fail',
      5,
      'semantic.confidence-range',
      at('confidence_guidance'),
      `confidence_guidance of ${label} must be a number from 0.0 to 1.0.`,
    );
  }
  if (sem['impact_tier'] === 'irreversible' && typeof cg === 'number' && cg < 0.85) {
    c.add(
      'warn',
      5,
      'semantic.irreversible-confidence',
      at('confidence_guidance'),
      `${label} is irreversible; confidence_guidance SHOULD be 0.85 or higher.`,
    );
  }
  if (sem['is_idempotent'] !== undefined && typeof sem['is_idempotent'] !== 'boolean') {
    c.add(
      'fail',
      5,
      'semantic.idempotent-type',
      at('is_idempotent'),
      `is_idempotent of ${label} must be true or false.`,
    );
  }
  const input =
    isJsonObject(ep['input']) && isJsonObject(ep['input']['properties'])
      ? ep['input']['properties']
      : undefined;
  if (isJsonObject(sem['parameter_hints']) && input) {
    for (const key of Object.keys(sem['parameter_hints'])) {
      if (!(key in input))
        c.add(
          'warn',
          5,
          'semantic.hint-unknown-parameter',
          at('parameter_hints'),
          `parameter_hints names "${key}", which is not an input property of ${label}.`,
        );
    }
  }
  for (const key of ['capability', 'confidence_guidance', 'impact_tier', 'is_idempotent'] as const) {
    if (sem[key] === undefined) {
      c.add(
        level === 2 ? 'fail' : 'warn',
        5,
        `semantic.${key}-${level === 2 ? 'missing' : 'recommended'}`,
        ['endpoints', i, 'semantic'],
        `semantic.${key} of ${label} is ${level === 2 ? 'REQUIRED at Level 2' : 'RECOMMENDED'}.`,
      );
    }
  }
  const changesState = sem['impact_tier'] !== 'informational';
  if (sem['state_transition'] === undefined && changesState && level === 2) {
    c.add(
      'fail',
      5,
      'semantic.state_transition-missing',
      ['endpoints', i, 'semantic'],
      `${label} changes state (impact_tier is not informational); Level 2 REQUIRES state_transition (field: FROM -> TO).`,
    );
  }
  if (isJsonObject(sem['state_transition'])) {
    for (const [field, change] of Object.entries(sem['state_transition'])) {
      if (typeof change !== 'string' || !change.includes('->')) {
        c.add(
          level === 2 ? 'fail' : 'warn',
          5,
          'semantic.state_transition-format',
          at('state_transition'),
          `state_transition "${field}" of ${label} must read "FROM -> TO".`,
        );
      }
    }
  }
  if (level === 2 && sem['parameter_hints'] === undefined) {
    c.add(
      'warn',
      5,
      'semantic.parameter_hints-recommended',
      ['endpoints', i, 'semantic'],
      `parameter_hints of ${label} are RECOMMENDED at Level 2.`,
    );
  }
}

async function semanticConsistency(
  endpoints: Rec[],
  indexOf: Map<Rec, number>,
  methodOk: Map<Rec, boolean>,
  options: ValidateAgisOptions,
  c: Collector,
): Promise<void> {
  const judged = endpoints.filter(
    (ep) =>
      methodOk.get(ep) && isJsonObject(ep['semantic']) && nonEmptyString((ep['semantic'] as Rec)['intent']),
  );
  if (judged.length === 0) return;
  // The draft's 0.3 / 0.1 are on a sentence-transformer scale. The built-in lexical embedder scores
  // paraphrases ("Moves the event" for RESCHEDULE) near zero, so by default it only warns below 0.1 and
  // never fails on similarity alone; the contradiction rules carry the failures.
  const builtIn = options.embedder === undefined;
  const warnBelow = options.consistency?.warnBelow ?? (builtIn ? 0.1 : 0.3);
  const failBelow = options.consistency?.failBelow ?? (builtIn ? 0 : 0.1);
  const embedder = options.embedder ?? createLexicalEmbedder();
  const texts = judged.flatMap((ep) => [
    methodGloss(methodOf(ep)!),
    (ep['semantic'] as Rec)['intent'] as string,
  ]);
  options.signal?.throwIfAborted();
  const vectors = await embedder.embed(texts);
  options.signal?.throwIfAborted();
  judged.forEach((ep, k) => {
    const i = indexOf.get(ep)!;
    const method = methodOf(ep)!.toUpperCase();
    const intent = (ep['semantic'] as Rec)['intent'] as string;
    const at = ['endpoints', i, 'semantic', 'intent'];
    const contradiction = intentContradiction(method, intent);
    if (contradiction) {
      c.add(
        'fail',
        6,
        'semantic.contradiction',
        at,
        `Intent of ${method} ${pathText(ep)} contradicts the method: ${contradiction} Rewrite the intent or choose the verb that names this operation.`,
      );
      return;
    }
    const verb = intentVerb(intent);
    const lemma = lemmatizeVerb(method);
    // An intent opening with the method verb or a synonym is consistent whatever the embedding says.
    if (verb && lemma && (verb === lemma || methodGloss(method).split(' ').includes(verb))) return;
    const sim = cosine(vectors[2 * k] ?? [], vectors[2 * k + 1] ?? []);
    if (sim < failBelow) {
      c.add(
        'fail',
        6,
        'semantic.similarity',
        at,
        `Intent of ${method} ${pathText(ep)} is unrelated to the method (similarity ${sim.toFixed(2)} < ${failBelow}); state what ${method} does.`,
      );
    } else if (sim < warnBelow) {
      c.add(
        'warn',
        6,
        'semantic.low-similarity',
        at,
        `Intent of ${method} ${pathText(ep)} is weakly related to the method (similarity ${sim.toFixed(2)} < ${warnBelow}); consider phrasing it with the verb or a synonym.`,
      );
    }
  });
}

function vocabularyIntegrity(doc: Rec, endpoints: Rec[], c: Collector): void {
  const vocabulary = doc['vocabulary'];
  // Without endpoints there is nothing to compare the declaration with (pass 1 already failed).
  if (!isJsonObject(vocabulary) || Object.keys(vocabulary).length === 0 || endpoints.length === 0) return;
  const declared = vocabulary['declared_verbs'];
  if (!Array.isArray(declared) || !declared.every((v) => typeof v === 'string')) {
    c.add(
      'fail',
      7,
      'vocabulary.declared-verbs-missing',
      ['vocabulary', 'declared_verbs'],
      'vocabulary.declared_verbs must list every method verb used by the endpoints.',
    );
    return;
  }
  const declaredSet = new Set(declared.map((v) => v.toUpperCase()));
  const used = new Set(
    endpoints
      .map(methodOf)
      .filter((m): m is string => m !== undefined)
      .map((m) => m.toUpperCase()),
  );
  for (const verb of used) {
    if (!declaredSet.has(verb))
      c.add(
        'fail',
        7,
        'vocabulary.undeclared',
        ['vocabulary', 'declared_verbs'],
        `${verb} is used by an endpoint but not listed in vocabulary.declared_verbs; add it.`,
      );
  }
  for (const verb of declaredSet) {
    if (!used.has(verb))
      c.add(
        'fail',
        7,
        'vocabulary.unused',
        ['vocabulary', 'declared_verbs'],
        `${verb} is declared in vocabulary.declared_verbs but no endpoint uses it; remove it or add the endpoint.`,
      );
  }
}

function schemaCompleteness(ep: Rec, i: number, c: Collector): void {
  const label = `${methodOf(ep) ?? '?'} ${typeof ep['path'] === 'string' ? ep['path'] : ''}`.trim();
  for (const key of ['input', 'output'] as const) {
    const schema = ep[key];
    if (schema === undefined) {
      c.add(
        'fail',
        8,
        `schema.${key}-missing`,
        ['endpoints', i],
        `${label} has no ${key} JSON Schema; it is REQUIRED (use {type: object, properties: {}} when empty).`,
      );
      continue;
    }
    const problems = jsonSchemaProblems(schema);
    if (problems.length > 0) {
      c.add(
        'fail',
        8,
        `schema.${key}-invalid`,
        ['endpoints', i, key],
        `${label} ${key} is not valid JSON Schema: ${problems.slice(0, 3).join('; ')}.`,
      );
    }
  }
  if (isJsonObject(ep['input']) && !Array.isArray(ep['input']['required'])) {
    c.add(
      'fail',
      8,
      'schema.input-required-missing',
      ['endpoints', i, 'input'],
      `${label} input has no "required" array; list the required parameters (an empty list when all are optional).`,
    );
  }
  const errors = ep['errors'];
  if (!Array.isArray(errors)) {
    c.add(
      'fail',
      8,
      'schema.errors-missing',
      ['endpoints', i],
      `${label} has no errors list; name each error condition (e.g. reservation_unavailable).`,
    );
    return;
  }
  errors.forEach((e, k) => {
    const name = typeof e === 'string' ? e : isJsonObject(e) ? e['name'] : undefined;
    if (!nonEmptyString(name)) {
      c.add(
        'fail',
        8,
        'schema.error-unnamed',
        ['endpoints', i, 'errors', k],
        `Error ${k} of ${label} has no name; every error condition MUST be named.`,
      );
    } else if (/^(error|failure|fail|unknown|exception|bad_request)$/i.test(name)) {
      c.add(
        'warn',
        8,
        'schema.error-generic',
        ['endpoints', i, 'errors', k],
        `Error name "${name}" of ${label} is generic; use a specific name such as reservation_unavailable.`,
      );
    }
  });
}

function mcpNames(endpoints: Rec[], indexOf: Map<Rec, number>, c: Collector): void {
  const seen = new Map<string, number>();
  for (const ep of endpoints) {
    const sem = isJsonObject(ep['semantic']) ? ep['semantic'] : {};
    const override = sem['mcp_tool_name'];
    const first =
      typeof ep['path'] === 'string'
        ? (ep['path'].split('/').find((s) => s !== '' && !s.startsWith('{')) ?? '')
        : '';
    const name =
      typeof override === 'string'
        ? override
        : `${methodOf(ep) ?? ''}_${first}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
    const i = indexOf.get(ep)!;
    if (typeof override === 'string' && !/^[a-z][a-z0-9_]*$/.test(override)) {
      c.add(
        'warn',
        5,
        'semantic.mcp_tool_name-format',
        ['endpoints', i, 'semantic', 'mcp_tool_name'],
        `mcp_tool_name "${override}" MUST be lowercase letters, digits and underscores.`,
      );
    }
    if (seen.has(name)) {
      c.add(
        'warn',
        5,
        'semantic.mcp_tool_name-duplicate',
        ['endpoints', i],
        `MCP tool name "${name}" is also generated for endpoint ${seen.get(name)}; set a unique mcp_tool_name.`,
      );
    } else seen.set(name, i);
  }
}

function finish(c: Collector, level: 1 | 2): AgisValidationResult {
  const byPass = (a: AgisValidationIssue, b: AgisValidationIssue) => a.pass - b.pass;
  const failures = [...c.failures].sort(byPass);
  const warnings = [...c.warnings].sort(byPass);
  const failingPasses = [...new Set(failures.map((f) => f.pass))].sort((a, b) => a - b);
  return { conforms: failures.length === 0, level, failures, warnings, failingPasses };
}
