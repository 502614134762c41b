import { AgentWebError, createErrorGuard } from '@agentweb/core';

/** Why a discover or stream filter was refused before any request was sent. */
export type RegistryFilterReason =
  | 'UNKNOWN_FILTER'
  | 'TYPE_INVALID'
  | 'ENUM_INVALID'
  | 'RANGE_INVALID'
  | 'VALUE_REQUIRED'
  | 'VALUE_TOO_LONG'
  | 'TIMESTAMP_INVALID'
  | 'VISIBILITY_NOT_PUBLIC'
  | 'CAPABILITY_REQUIRED'
  | 'NOT_SUPPORTED_BY_STREAM'
  | 'CURSOR_INVALID'
  // Capability filters carry the capability policy's own reason code.
  | `CAPABILITY_IDENTIFIER_${string}`;

/** A filter value the registry would refuse (it answers `SCHEMA_INVALID`), caught on the client side. */
export class RegistryFilterError extends AgentWebError {
  /** The query parameter at fault, e.g. `capability`, `limit`. */
  readonly filter: string;
  /** Machine-readable reason, e.g. `RANGE_INVALID` or `CAPABILITY_IDENTIFIER_URI_NAMESPACE_RESERVED`. */
  readonly reason: RegistryFilterReason;

  constructor(options: { filter: string; reason: RegistryFilterReason; detail: string }) {
    super({
      code: 'REGISTRY_FILTER_INVALID',
      message: `Registry filter "${options.filter}" refused (${options.reason}): ${options.detail}`,
    });
    this.name = 'RegistryFilterError';
    this.filter = options.filter;
    this.reason = options.reason;
  }
}

/** True when `error` is a {@link RegistryFilterError} from any copy of this package. */
export const isRegistryFilterError = createErrorGuard<RegistryFilterError>('RegistryFilterError');

/**
 * The registry answered with an error. `code` is the registry's own code from the `{error, code, details}`
 * body (`SCHEMA_INVALID`, `AGENT_CARD_PUBLIC_DISCOVERY_RATE_LIMITED`, ...), or `REGISTRY_HTTP_<status>` when the
 * body had none, or `REGISTRY_RESPONSE_INVALID` when a 2xx body was not a discovery result.
 */
export class RegistryError extends AgentWebError {
  /** HTTP status of the answer (0 when the failure was not an HTTP answer). */
  readonly status: number;
  /** The `error` text of the body, when there was one. */
  readonly registryMessage: string | undefined;
  /** The `details` of the body (for `SCHEMA_INVALID`, `{ message }` with the reason). */
  readonly details: unknown;
  /** For 429 and 503: how long the registry asked to wait (`Retry-After`), in ms. */
  readonly retryAfterMs: number | undefined;
  /** The URL that answered. */
  readonly url: string;

  constructor(options: {
    code: string;
    status: number;
    url: string;
    message: string;
    registryMessage?: string | undefined;
    details?: unknown;
    retryAfterMs?: number | undefined;
    cause?: unknown;
  }) {
    super({ code: options.code, message: options.message, cause: options.cause });
    this.name = 'RegistryError';
    this.status = options.status;
    this.url = options.url;
    this.registryMessage = options.registryMessage;
    this.details = options.details;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** True when `error` is a {@link RegistryError} from any copy of this package. */
export const isRegistryError = createErrorGuard<RegistryError>('RegistryError');

/**
 * The agent-card stream ended with an error the client does not retry: the registry sent `agent_cards.error`
 * (`code` is then the registry's, e.g. `PUBLIC_AGENT_CARD_STREAM_READ_FAILED`), an event was malformed
 * (`REGISTRY_STREAM_EVENT_INVALID`), the response was not an event stream (`REGISTRY_STREAM_CONTENT_TYPE`), or
 * reconnecting failed too often (`REGISTRY_STREAM_RECONNECT_EXHAUSTED`, with the last failure as `cause`).
 * `lastCursor` is the cursor of the last event delivered: pass it as `sinceCursor` to carry on later.
 */
export class RegistryStreamError extends AgentWebError {
  /** Cursor of the last event delivered before the failure, or undefined when none was. */
  readonly lastCursor: string | undefined;
  /** The `message` of an `agent_cards.error` event, when that is what ended the stream. */
  readonly registryMessage: string | undefined;

  constructor(options: {
    code: string;
    message: string;
    lastCursor: string | undefined;
    registryMessage?: string | undefined;
    cause?: unknown;
  }) {
    super({ code: options.code, message: options.message, cause: options.cause });
    this.name = 'RegistryStreamError';
    this.lastCursor = options.lastCursor;
    this.registryMessage = options.registryMessage;
  }
}

/** True when `error` is a {@link RegistryStreamError} from any copy of this package. */
export const isRegistryStreamError = createErrorGuard<RegistryStreamError>('RegistryStreamError');
