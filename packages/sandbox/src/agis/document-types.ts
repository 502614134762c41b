// The shape of the AGIS 1.0 documents the sandbox serves, written as data so that the YAML text, the
// well-known summary and the server's input checks all come from one source. It mirrors the draft's
// canonical field names (snake_case) and deliberately shares no code with @agentweb/agis.

/** A JSON value as it appears in a document. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A JSON Schema object (the subset the sandbox documents use). */
export type JsonSchema = { [key: string]: JsonValue };

/** A declared error condition of an endpoint, with the HTTP status the sandbox answers it with. */
export interface AgisErrorDeclaration {
  /** Specific error name, e.g. `slot_unavailable`. */
  name: string;
  /** What the error means for the caller. */
  description: string;
  /** HTTP status of the answer carrying this error. */
  status: number;
}

/** The semantic declaration block of an endpoint (draft §6). */
export interface AgisSemanticBlock {
  /** One sentence: what the endpoint does for the caller. */
  intent: string;
  /** Who initiates the action. */
  actor: 'agent' | 'user' | 'system';
  /** One sentence: the verifiable state after success. */
  outcome: string;
  /** Capability class. */
  capability: 'discovery' | 'transaction' | 'modification' | 'retrieval' | 'analysis' | 'notification';
  /** Minimum agent confidence before autonomous execution. */
  confidence_guidance: number;
  /** Consequence class. */
  impact_tier: 'informational' | 'reversible' | 'irreversible';
  /** Whether repeating the call is safe. */
  is_idempotent: boolean;
  /** Input property -> phrases users say for it. */
  parameter_hints: { [param: string]: string[] };
  /** Expected state change, `field: FROM -> TO`. */
  state_transition?: { [field: string]: string };
}

/** One endpoint: a method-path pair with its contracts. */
export interface AgisEndpointDefinition {
  /** Imperative verb, uppercase. */
  method: string;
  /** Noun path, parameters as `{name}`. */
  path: string;
  /** The semantic declaration. */
  semantic: AgisSemanticBlock;
  /** JSON Schema of the input (path parameters included). */
  input: JsonSchema;
  /** JSON Schema of a successful answer. */
  output: JsonSchema;
  /** Declared errors. */
  errors: AgisErrorDeclaration[];
}

/** A whole AGIS 1.0 document. */
export interface AgisDocumentDefinition {
  agis: '1.0';
  service: string;
  agtp: string;
  description: string;
  version: string;
  endpoints: AgisEndpointDefinition[];
  vocabulary: {
    declared_verbs: string[];
    domain: string;
    namespace: string;
    version: string;
    negotiable: boolean;
  };
  data_manifest?: {
    available_data: {
      class: string;
      description: string;
      formats: string[];
      sensitivity: string;
      requires_authorization?: boolean;
    }[];
    pre_auth_discovery: boolean;
  };
}
