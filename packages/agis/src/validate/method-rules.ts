import { lemmatizeVerb, verbInflection } from '../lexicon/index.js';

/** HTTP methods that AGIS prohibits as method identifiers (draft §4.3). */
export const PROHIBITED_HTTP_METHODS: ReadonlySet<string> = new Set([
  'GET',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'HEAD',
  'OPTIONS',
  'CONNECT',
  'TRACE',
]);

/**
 * The draft's non-action tokens, exactly as it lists them: the stoplist of §9.2 (b) (AVAILABLE, ACTIVE,
 * EXISTS, STATUS, DATA, INFO) and the state examples of §4.2 (OPEN, VALID). IS and HAS (§4.2) are caught
 * as state verbs (be, have).
 */
export const NON_ACTION_STOPLIST: ReadonlySet<string> = new Set([
  'available',
  'active',
  'open',
  'valid',
  'exists',
  'status',
  'data',
  'info',
]);

/**
 * Further condition words and nouns that are not action verbs. Most are not verbs at all and would fail
 * as such; listing them gives the precise "state, condition or thing" message. Words that WordNet also
 * knows as verbs (INVALID, TRUE) are only listed where the verb sense is not an operation a caller asks for.
 */
const CONDITION_WORDS: ReadonlySet<string> = new Set([
  'invalid',
  'information',
  'details',
  'metadata',
  'enabled',
  'disabled',
  'pending',
  'true',
  'false',
  'null',
  'none',
  'config',
  'settings',
]);

const isNonAction = (word: string): boolean => NON_ACTION_STOPLIST.has(word) || CONDITION_WORDS.has(word);

/** Verbs of existence, possession or state: they describe being or having, not doing (draft §4.2). */
export const STATE_VERBS: ReadonlySet<string> = new Set([
  'be',
  'exist',
  'have',
  'own',
  'possess',
  'belong',
  'seem',
  'appear',
  'remain',
  'consist',
  'contain',
  'equal',
  'matter',
  'lack',
  'resemble',
  'depend',
  'deserve',
]);

/** Verbs the draft calls borderline: valid, but a more specific verb is recommended. */
const BORDERLINE = new Set(['process', 'handle', 'manage', 'do', 'perform', 'run', 'execute']);

export interface MethodFinding {
  rule: string;
  message: string;
}

/** Pass 2: form only. Returns failures and, separately, recommendations. */
export function checkMethodSyntax(method: string): { failures: MethodFinding[]; warnings: MethodFinding[] } {
  const failures: MethodFinding[] = [];
  const warnings: MethodFinding[] = [];
  const m = JSON.stringify(method);
  if (method.length === 0) {
    failures.push({ rule: 'method.empty', message: 'Method is empty; use an imperative verb such as FIND.' });
    return { failures, warnings };
  }
  if (/\s/.test(method.trim()) || method.trim() !== method) {
    failures.push({
      rule: 'method.single-token',
      message: `Method ${m} contains whitespace; a method is one verb token: put the noun in the path (BOOK /table).`,
    });
  }
  if (/[_-]/.test(method)) {
    failures.push({
      rule: 'method.compound',
      message: `Method ${m} is a compound joined by "_" or "-"; use the verb alone and move the noun to the path (e.g. BOOK /table).`,
    });
  }
  if (/\d/.test(method)) {
    failures.push({
      rule: 'method.numeral',
      message: `Method ${m} contains a numeral; only letters A-Z are allowed.`,
    });
  }
  if (/[^A-Za-z0-9_\s-]/.test(method)) {
    failures.push({ rule: 'method.characters', message: `Method ${m} contains characters other than A-Z.` });
  }
  if (/[a-z][A-Z]/.test(method)) {
    failures.push({
      rule: 'method.compound',
      message: `Method ${m} is a camel-case compound; use the verb alone in uppercase and move the noun to the path.`,
    });
  }
  if (failures.length > 0) return { failures, warnings };
  if (method !== method.toUpperCase()) {
    warnings.push({
      rule: 'method.case',
      message: `Method ${m} SHOULD be uppercase (${method.toUpperCase()}).`,
    });
  }
  if (!PROHIBITED_HTTP_METHODS.has(method.toUpperCase())) {
    const inflected = verbInflection(method);
    if (inflected) {
      const kind =
        inflected.inflection === 'ing'
          ? 'a present participle (-ing)'
          : inflected.inflection === 'ed'
            ? 'a past tense (-ed)'
            : inflected.inflection === 's'
              ? 'a third-person singular (-s)'
              : 'an inflected form';
      failures.push({
        rule: 'method.inflected',
        message: `Method ${m} is ${kind}, not the imperative base form; use ${inflected.lemma.toUpperCase()}.`,
      });
    }
  }
  return { failures, warnings };
}

/** True when pass 3 can judge the method: a single alphabetic token (pass 2 may still reject inflection). */
export function isJudgeableMethod(method: string): boolean {
  return /^[A-Za-z]+$/.test(method) && !/[a-z][A-Z]/.test(method);
}

/** Pass 3: the word's class, judged on its underlying verb for inflected forms. */
export function checkMethodClass(method: string): { failures: MethodFinding[]; warnings: MethodFinding[] } {
  const failures: MethodFinding[] = [];
  const warnings: MethodFinding[] = [];
  const upper = method.toUpperCase();
  const lower = method.toLowerCase();
  if (PROHIBITED_HTTP_METHODS.has(upper)) {
    failures.push({
      rule: 'method.prohibited-http',
      message: `Method ${upper} is a prohibited HTTP method; name the intent instead (e.g. FIND, RETRIEVE, SUBMIT, CANCEL).`,
    });
    return { failures, warnings };
  }
  const lemma = lemmatizeVerb(lower);
  if (isNonAction(lower) || (lemma && isNonAction(lemma))) {
    failures.push({
      rule: 'method.non-action',
      message: `Method ${upper} names a state, condition or thing, not an action; use an action verb (e.g. CHECK, RETRIEVE, FIND).`,
    });
  } else if (lemma && STATE_VERBS.has(lemma)) {
    failures.push({
      rule: 'method.state-verb',
      message: `Method ${upper} expresses existence, possession or state rather than an action the caller wants performed.`,
    });
  } else if (!lemma) {
    failures.push({
      rule: 'method.not-a-verb',
      message: `Method ${upper} is not an English verb in the lexicon; AGIS methods are action-intent verbs (e.g. BOOK, FIND, CANCEL).`,
    });
  } else if (BORDERLINE.has(lemma)) {
    warnings.push({
      rule: 'method.borderline',
      message: `Method ${upper} is borderline (draft §4.2): it may describe system activity; a more specific verb is RECOMMENDED.`,
    });
  }
  return { failures, warnings };
}
