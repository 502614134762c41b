/**
 * Why the lenient reader accepted something the A2A specification does not allow. Stable: tools may match on it.
 * With `strict: true` each of these departures is refused with a typed error instead.
 */
export type A2AWarningCode =
  /** The card had no `skills`; read as an empty list. */
  | 'card-skills-missing'
  /** The card had no `description`; read as an empty string. */
  | 'card-description-missing'
  /** The card had no `version`; read as `0.0.0`. */
  | 'card-version-missing'
  /** A 0.3 card had no `protocolVersion`; read as `0.3.0`. */
  | 'card-protocol-version-missing'
  /** The card had no `capabilities`; read as `{}` (no streaming, no push notifications declared). */
  | 'card-capabilities-missing'
  /** `defaultInputModes` / `defaultOutputModes` were missing; read as `["text/plain"]`. */
  | 'card-modes-missing'
  /** An input or output mode was a bare word (`"text"`) instead of a MIME type; mapped to one (`text/plain`). */
  | 'card-mode-not-mime'
  /** A skill lacked a required field (`id`, `name`, `description`, `tags`); it was derived or defaulted. */
  | 'card-skill-field-missing'
  /** An object on the wire had no `kind` (or the wrong one); it was told from its fields. */
  | 'kind-inferred'
  /** A part had no `kind`; it was told from its `text`, `file` or `data` field. */
  | 'part-kind-inferred'
  /** A task had no `contextId`; read as an empty string. */
  | 'task-context-missing'
  /** An SSE `data:` field had bytes before its JSON (a U+001E record separator, a BOM, control characters). */
  | 'sse-framing-noise'
  /** A JSON-RPC response's id was our request's in another JSON type (`"7"` for 7) or null; read as its answer. */
  | 'jsonrpc-id-mismatch'
  /** A task state was spelled another way (`COMPLETED`, `TASK_STATE_COMPLETED`, `input_required`); normalised. */
  | 'state-normalized'
  /** A JSON-RPC error came with an HTTP error status instead of 200; the body's error was used. */
  | 'jsonrpc-error-http-status'
  /** An HTTP 4xx answer carried JSON that is not a JSON-RPC response; it was read as an invalid-request error. */
  | 'http-error-not-jsonrpc'
  /** A stream of task snapshots closed without a terminal state or `final` event; its end was taken as final. */
  | 'stream-no-final'
  /**
   * A bare Task, Message or update came where the 1.0 / HTTP+JSON one-key wrapper (`{task}`, `{message}`,
   * `{statusUpdate}`, `{artifactUpdate}`) was expected; told from its `kind` or its fields.
   */
  | 'result-unwrapped'
  /** A one-key wrapper (`{task: {...}}`) came where a bare Task was expected (get, cancel); its content was read. */
  | 'result-wrapped'
  /** A role was spelled another way (`AGENT`, `Agent`, `role_agent`); normalised. */
  | 'role-normalized'
  /** A field had another JSON type than the specification's (an id as a number, a timestamp as epoch ms); converted. */
  | 'value-coerced'
  /** A field the specification requires was missing (`messageId`, `artifactId`, `status.state`); read with a default. */
  | 'field-missing'
  /** A 1.0 part came in the 0.3 JSON form (`{kind: 'file', file: {uri | bytes}}`); read as the file part it is. */
  | 'part-other-dialect'
  /**
   * An HTTP+JSON error body was an A2A error in another form than the binding's: a JSON-RPC error (or envelope)
   * where a `google.rpc.Status` was expected, a Status with only its HTTP `code`, or a status name in other casing.
   */
  | 'rest-error-shape'
  /** An HTTP+JSON answer with a 2xx status carried an A2A error body; the error was thrown. */
  | 'rest-error-http-ok'
  /** An HTTP+JSON 4xx (not 401, 403, 404, 429) carried JSON that is no A2A error; read as an invalid-request error. */
  | 'http-error-not-a2a';

/** A departure from the A2A specification that the client accepted. Nothing is accepted without one. */
export interface A2AWarning {
  /** What kind of departure. */
  code: A2AWarningCode;
  /** Where: a dotted path in the card or the answer (`skills`, `result.kind`, `stream`). */
  path: string;
  /** Human-readable detail naming what was received and how it was read. */
  message: string;
}

/** Receives each warning as it is found. Absent in strict mode: readers then refuse instead of warning. */
export type WarningSink = (warning: A2AWarning) => void;

/** The most warnings a client keeps in `client.warnings` (the oldest are dropped first). */
export const MAX_CLIENT_WARNINGS = 100;

/** Builds a warning. */
export function warning(code: A2AWarningCode, path: string, message: string): A2AWarning {
  return { code, path, message };
}
