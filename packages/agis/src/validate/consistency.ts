import { lemmatizeVerb, verbAntonyms, verbSynonyms } from '../lexicon/index.js';

// Operation classes used to spot an intent that contradicts its verb (draft §6.4 examples). They are
// deliberately narrow: a verb outside both lists is judged by embedding similarity alone.
const COMMITTING_METHODS = new Set(
  (
    'book reserve create schedule reschedule rebook cancel delete remove revoke terminate transfer pay purchase buy ' +
    'order submit send dispatch approve reject decline accept enroll unenroll subscribe unsubscribe freeze unfreeze ' +
    'lock unlock block unblock activate deactivate register file refund replace update modify change join invite ' +
    'redeem refill redirect onboard issue authorize dispute publish upload add move assign confirm close enable ' +
    'disable archive hire ship deposit withdraw grant suspend place'
  ).split(' '),
);
const DISCOVERY_METHODS = new Set(
  'find search locate lookup look query retrieve fetch list browse discover view get show display read'.split(
    ' ',
  ),
);
const READING_INTENTS = new Set(
  'return retrieve list show display get fetch find search look locate view read query lookup check browse describe'.split(
    ' ',
  ),
);
const WRITING_INTENTS = new Set(
  (
    'create book reserve make insert add submit delete cancel remove update modify change transfer pay purchase buy ' +
    'order register schedule send write post place issue enroll subscribe approve freeze'
  ).split(' '),
);

/** Synonym pairs the draft names in Appendix A, beyond WordNet's synsets. */
const DRAFT_SYNONYMS: Record<string, string[]> = {
  reserve: ['book'],
  book: ['reserve'],
  locate: ['find'],
  find: ['locate', 'search'],
  retrieve: ['query', 'get', 'fetch'],
  query: ['retrieve'],
  revoke: ['cancel'],
  cancel: ['revoke'],
};

const WRAPPERS = new Set(['allow', 'let', 'enable', 'help', 'permit', 'use']);

/** The lemma of the main verb an intent statement opens with ("Books a table" -> book), or null. */
export function intentVerb(intent: string): string | null {
  const words: string[] = intent.toLowerCase().match(/[a-z][a-z'-]*/g) ?? [];
  const first = words[0];
  if (!first) return null;
  const lemma = lemmatizeVerb(first);
  if (lemma && WRAPPERS.has(lemma)) {
    // "Allows the agent to book ..." / "Used to book ...": the goal verb follows "to".
    const to = words.indexOf('to');
    return to >= 0 && words[to + 1] ? lemmatizeVerb(words[to + 1]!) : null;
  }
  return lemma;
}

/** Words that describe the method verb for embedding: the lemma, WordNet and draft synonyms. */
export function methodGloss(method: string): string {
  const lemma = lemmatizeVerb(method) ?? method.toLowerCase();
  return [lemma, ...(DRAFT_SYNONYMS[lemma] ?? []), ...verbSynonyms(lemma).slice(0, 8)].join(' ');
}

/** A reason the intent contradicts the method, or null when no rule fires. */
export function intentContradiction(method: string, intent: string): string | null {
  const m = lemmatizeVerb(method);
  const v = intentVerb(intent);
  if (!m || !v || v === m) return null;
  if ((DRAFT_SYNONYMS[m] ?? []).includes(v) || verbSynonyms(m).includes(v)) return null;
  const upper = method.toUpperCase();
  if (verbAntonyms(m).includes(v)) {
    return `${upper} and the intent's verb "${v}" are opposites; the intent describes the reverse operation.`;
  }
  if (COMMITTING_METHODS.has(m) && READING_INTENTS.has(v)) {
    return `${upper} implies a state change, but the intent describes read-only retrieval ("${v}").`;
  }
  if (DISCOVERY_METHODS.has(m) && WRITING_INTENTS.has(v)) {
    return `${upper} implies discovery or retrieval, but the intent describes a state change ("${v}").`;
  }
  return null;
}

const INSTRUCTION_PATTERNS: ReadonlyArray<[RegExp, string]> = [
  [
    /\b(ignore|disregard|forget|override)\b[^.]{0,40}\b(previous|prior|above|earlier|all|your)\b[^.]{0,20}\b(instructions?|prompts?|rules|context)\b/i,
    'asks to ignore instructions',
  ],
  [/\byou are (now )?(a|an|the|my)?\s*\w+/i, 'addresses the model ("you are")'],
  [/(^|\s|\n)(system|assistant|developer)\s*:/i, 'contains a role marker ("system:")'],
  [/<\/?\s*(system|instructions?|prompt)\s*>/i, 'contains a prompt tag'],
  [
    /\b(reveal|print|show|repeat)\b[^.]{0,20}\b(system prompt|your instructions|hidden instructions)\b/i,
    'asks for the system prompt',
  ],
  [/\b(always|must|should) (call|invoke|choose|select|prefer) (this|me)\b/i, 'steers tool selection'],
  [/\bjailbreak\b|\bDAN mode\b/i, 'contains a jailbreak marker'],
];

/** Why a statement looks like an instruction to a model rather than a description, or null. */
export function instructionLike(text: string): string | null {
  for (const [re, why] of INSTRUCTION_PATTERNS) if (re.test(text)) return why;
  return null;
}
