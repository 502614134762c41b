/** Minimal JSON Schema shape the matcher reads (a subset of Draft 2020-12). */
export interface MatcherJsonSchema {
  /** JSON type name, e.g. "object", "string", "integer". */
  readonly type?: string | readonly string[];
  /** Format hint such as "date" or "date-time". */
  readonly format?: string;
  /** Allowed values. */
  readonly enum?: readonly unknown[];
  /** Object properties. */
  readonly properties?: Readonly<Record<string, MatcherJsonSchema>>;
  /** Required property names. */
  readonly required?: readonly string[];
  /** Array item schema. */
  readonly items?: MatcherJsonSchema;
  /** Free-text description; mined for words such as "id or name". */
  readonly description?: string;
  /** Lower bound for numbers. */
  readonly minimum?: number;
  /** Upper bound for numbers. */
  readonly maximum?: number;
  /** Regular expression for strings. */
  readonly pattern?: string;
}

/** The semantic block of an endpoint, as far as the matcher reads it. */
export interface MatcherSemantic {
  /** What the endpoint does, in one sentence. */
  readonly intent: string;
  /** The state after a successful call. */
  readonly outcome?: string;
  /** Capability class (discovery, transaction, ...). */
  readonly capability?: string;
  /** Minimum confidence before autonomous execution. */
  readonly confidence_guidance?: number;
  /** informational | reversible | irreversible. */
  readonly impact_tier?: string;
  /** Whether repeating the call is harmless. */
  readonly is_idempotent?: boolean;
  /** Example phrasings per input property. */
  readonly parameter_hints?: Readonly<Record<string, readonly string[]>>;
  /** Declared state changes, `field: "FROM -> TO"`. */
  readonly state_transition?: Readonly<Record<string, string>>;
}

/** One endpoint of a service document. */
export interface MatcherEndpoint {
  /** AGIS method verb, e.g. BOOK. */
  readonly method: string;
  /** Templated path, e.g. /reservation/{reservation_id}. */
  readonly path: string;
  /** Semantic declaration. */
  readonly semantic: MatcherSemantic;
  /** Input JSON Schema. */
  readonly input?: MatcherJsonSchema;
}

/** The structural subset of an AGIS document the matcher needs (a parsed YAML document fits). */
export interface MatcherService {
  /** Human-readable service name; candidates carry it verbatim. */
  readonly service: string;
  /** Service description; helps disambiguate services sharing a verb. */
  readonly description?: string;
  /** Vocabulary block. */
  readonly vocabulary?: { readonly namespace?: string; readonly domain?: string };
  /** Endpoints. */
  readonly endpoints: readonly MatcherEndpoint[];
}

/** Verb lexicon used for lemmatization and synonyms (the package's WordNet lexicon fits). */
export interface VerbLexicon {
  /** Base form of a verb form, or null/undefined when the word is not a known verb. */
  lemmatizeVerb(word: string): string | null | undefined;
  /** Synonyms of a base-form verb (lowercase). */
  verbSynonyms(verb: string): readonly string[];
  /**
   * Synonyms and hypernyms (nearest level first) of a noun; when present, instruction nouns the
   * catalog never uses are related to the ones it does ("headache" -> pain -> symptom).
   */
  nounRelations?(
    word: string,
  ): { synonyms: readonly string[]; hypernyms: readonly (readonly string[])[] } | undefined;
}

/** Typed value extracted for an input property. */
export type ParamValue = string | number | boolean | ParamValue[] | { [key: string]: ParamValue };

/** A ranked endpoint. */
export interface MatchCandidate {
  /** The document's `service` string. */
  readonly service: string;
  /** vocabulary.namespace, when declared. */
  readonly namespace: string | undefined;
  /** Method verb as declared. */
  readonly method: string;
  /** Templated path as declared. */
  readonly path: string;
  /** Raw ranking score (comparable within one match() call only). */
  readonly score: number;
  /** Calibrated confidence in [0, 1] that this endpoint serves the instruction. */
  readonly confidence: number;
  /** Parameters extracted from the instruction, typed per the input schema. */
  readonly params: Record<string, ParamValue>;
  /** True when the endpoint is irreversible or confidence is below its confidence_guidance. */
  readonly needsConfirmation: boolean;
  /** Human-readable reasons for the ranking and the confirmation decision. */
  readonly reasons: readonly string[];
}

/** Result of one match() call. */
export interface MatchResult {
  /** Candidates, best first (at most topK). */
  readonly candidates: readonly MatchCandidate[];
  /** True when no endpoint is judged to serve the instruction. */
  readonly abstain: boolean;
}
