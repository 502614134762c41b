import {
  type AgentWebError,
  type AgentWebErrorJson,
  errorSummary,
  isAgentWebError,
  withholdUrlSecrets,
} from '@agentweb/core';
import { modelMessage } from './model-message.js';
import { clipText } from './text.js';
import type { AgentWebToolResult, JsonValue } from './tool-types.js';

/** Codes the tools use themselves (every other code comes from an `AgentWebError`). */
export const TOOL_ERROR_CODES = {
  /** The arguments do not match the input schema, or are inconsistent (e.g. `add` without `productId`). */
  invalidInput: 'INVALID_INPUT',
  /** A tool call named a tool that is not in the list (a hallucinated or excluded name). */
  unknownTool: 'UNKNOWN_TOOL',
  /** The call was aborted through its signal. */
  aborted: 'ABORTED',
  /** An AGIS endpoint needs the user's confirmation first. */
  confirmationRequired: 'CONFIRMATION_REQUIRED',
  /** The AGIS service behind a tool was loaded again since the tool was registered; nothing was sent. */
  serviceChanged: 'SERVICE_CHANGED',
  /** The result could not be made small enough for `maxResultChars`. */
  resultTooLarge: 'RESULT_TOO_LARGE',
  /** The client given to the tools cannot do what the tool needs (a host's client without `agent`). */
  unsupported: 'UNSUPPORTED_CLIENT',
  /** An error that is not an `AgentWebError` (a bug, or a broken dependency). */
  unexpected: 'UNEXPECTED_ERROR',
} as const;

const MAX_MESSAGE_CHARS = 500;

/**
 * What a tool result says about an error inside an otherwise good answer (a failed merchant of a search): from the
 * error's JSON form (`errorSummary` of `@agentweb/core`, so URL queries and credentials are withheld), its `name`,
 * `code`, `message` (clipped), and the HTTP `status` or CAP `capErrorCode` when it has one, so the model can tell a
 * merchant that is down from one that refused the request.
 */
export function toolErrorSummary(error: AgentWebError): { [key: string]: JsonValue } {
  const { name, code, message, status, capErrorCode } = errorSummary(error) as AgentWebErrorJson;
  const forModel = modelMessage(error);
  return {
    name,
    code,
    // The summary's message has URL secrets withheld; a message rewritten for the model is withheld here.
    message: clipText(forModel === error.message ? message : withholdUrlSecrets(forModel), MAX_MESSAGE_CHARS),
    ...(typeof status === 'number' ? { status } : {}),
    ...(typeof capErrorCode === 'string' ? { capErrorCode } : {}),
  };
}

/** A successful result. */
export function okResult(data: JsonValue): AgentWebToolResult {
  return { ok: true, data };
}

/**
 * A failed result. URL queries and credentials in `message` are withheld: an API key sent as a query parameter
 * must not reach the model (nor the logs of a tool runtime).
 */
export function errorResult(code: string, message: string, details?: JsonValue): AgentWebToolResult {
  const error = { code, message: clipText(withholdUrlSecrets(message), MAX_MESSAGE_CHARS) };
  return { ok: false, error: details === undefined ? error : { ...error, details } };
}

/** The result of a call stopped through its signal. */
export function abortedResult(): AgentWebToolResult {
  return errorResult(TOOL_ERROR_CODES.aborted, 'the tool call was aborted');
}

/**
 * Turns anything thrown into a failed result. AgentWeb errors keep their code and message (they are written to
 * say what was wrong); an abort says so; anything else gets a generic code, since its message was not written for
 * the model and its class says nothing stable.
 */
export function errorToResult(error: unknown, signal: AbortSignal | undefined): AgentWebToolResult {
  if (signal?.aborted) return abortedResult();
  if (isAgentWebError(error)) return errorResult(error.code, modelMessage(error));
  if (error instanceof Error && error.name === 'AbortError') return abortedResult();
  const detail = error instanceof Error ? error.message : String(error);
  return errorResult(TOOL_ERROR_CODES.unexpected, `the tool failed unexpectedly: ${detail}`);
}
