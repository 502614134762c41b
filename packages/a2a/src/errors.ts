import type { AgentProfile, AuthScheme } from '@agentweb/agentcard';
import { AgentWebError, createErrorGuard, isAgentWebError } from '@agentweb/core';

/** A 1.0 `google.rpc.ErrorInfo` entry from `error.data`. */
export interface ErrorInfo {
  /** Always `type.googleapis.com/google.rpc.ErrorInfo` for this shape. */
  '@type'?: string;
  /** UPPER_SNAKE reason, e.g. `TASK_NOT_FOUND`. */
  reason?: string;
  /** Error domain, e.g. `a2a-protocol.org`. */
  domain?: string;
  /** Extra string details. */
  metadata?: Record<string, string>;
}

/** Fields of an error the agent returned as a JSON-RPC error object. */
export interface A2ARpcErrorOptions {
  /** The JSON-RPC `error.code`. */
  rpcCode: number;
  /** The JSON-RPC `error.message` (or a description of what the client found wrong). */
  message: string;
  /** The JSON-RPC `error.data` as received. */
  data?: unknown;
  /** The method that was called. */
  method?: string;
  /** The URL that was called. */
  url?: string;
  /** The binding the call went over (`JSONRPC`, `HTTP+JSON`, `GRPC`), when known. */
  binding?: string;
  /** The HTTP status the error came with (HTTP+JSON and JSON-RPC bindings). */
  httpStatus?: number;
  /** The gRPC status code the error came with (gRPC binding). */
  grpcCode?: number;
  /** The underlying error. */
  cause?: unknown;
}

function errorInfosOf(data: unknown): ErrorInfo[] {
  const list = Array.isArray(data) ? data : data !== undefined && data !== null ? [data] : [];
  return list.filter(
    (d): d is ErrorInfo =>
      typeof d === 'object' && d !== null && (typeof (d as ErrorInfo).reason === 'string' || '@type' in d),
  );
}

/**
 * An error the agent answered with (a JSON-RPC error object), or one the client found in the answer. The
 * subclass tells which; `rpcCode` is the JSON-RPC code; `errorInfo` lists the 1.0 `ErrorInfo` details.
 */
export class A2ARpcError extends AgentWebError {
  /** The JSON-RPC error code. */
  readonly rpcCode: number;
  /** `error.data` as received. */
  readonly data: unknown;
  /** The 1.0 `google.rpc.ErrorInfo` entries found in `data` (empty for 0.3 agents). */
  readonly errorInfo: ErrorInfo[];
  /** The method that was called, when known. */
  readonly method: string | undefined;
  /** The URL that was called, when known. */
  readonly url: string | undefined;
  /** The binding the call went over, when known. */
  readonly binding: string | undefined;
  /** The HTTP status of the answer, when the error came over HTTP with one. */
  readonly httpStatus: number | undefined;
  /** The gRPC status code, when the error came over gRPC. */
  readonly grpcCode: number | undefined;

  constructor(code: string, options: A2ARpcErrorOptions) {
    const where = options.method ? ` (${options.method})` : '';
    super({
      code,
      message: `A2A error ${options.rpcCode}${where}: ${options.message}`,
      cause: options.cause,
    });
    this.name = 'A2ARpcError';
    this.rpcCode = options.rpcCode;
    this.data = options.data;
    this.errorInfo = errorInfosOf(options.data);
    this.method = options.method;
    this.url = options.url;
    this.binding = options.binding;
    this.httpStatus = options.httpStatus;
    this.grpcCode = options.grpcCode;
  }
}

type RpcErrorCtor = new (options: A2ARpcErrorOptions) => A2ARpcError;

/** −32700: the agent could not parse the request body as JSON. */
export class A2AJsonParseError extends A2ARpcError {
  constructor(options: A2ARpcErrorOptions) {
    super('A2A_JSON_PARSE', options);
    this.name = 'A2AJsonParseError';
  }
}
/** −32600: not a valid JSON-RPC request (0.3.14 also uses it for a message to a terminal task). */
export class A2AInvalidRequestError extends A2ARpcError {
  constructor(options: A2ARpcErrorOptions) {
    super('A2A_INVALID_REQUEST', options);
    this.name = 'A2AInvalidRequestError';
  }
}
/** −32601: the agent does not know the method (e.g. a 1.0 name sent to a 0.3 endpoint). */
export class A2AMethodNotFoundError extends A2ARpcError {
  constructor(options: A2ARpcErrorOptions) {
    super('A2A_METHOD_NOT_FOUND', options);
    this.name = 'A2AMethodNotFoundError';
  }
}
/** −32602: bad or missing params. */
export class A2AInvalidParamsError extends A2ARpcError {
  constructor(options: A2ARpcErrorOptions) {
    super('A2A_INVALID_PARAMS', options);
    this.name = 'A2AInvalidParamsError';
  }
}
/** −32603: the agent failed internally. */
export class A2AInternalError extends A2ARpcError {
  constructor(options: A2ARpcErrorOptions) {
    super('A2A_INTERNAL', options);
    this.name = 'A2AInternalError';
  }
}
/** −32001: unknown, expired or inaccessible task. */
export class TaskNotFoundError extends A2ARpcError {
  constructor(options: A2ARpcErrorOptions) {
    super('A2A_TASK_NOT_FOUND', options);
    this.name = 'TaskNotFoundError';
  }
}
/** −32002: the task cannot be canceled (it is terminal). */
export class TaskNotCancelableError extends A2ARpcError {
  constructor(options: A2ARpcErrorOptions) {
    super('A2A_TASK_NOT_CANCELABLE', options);
    this.name = 'TaskNotCancelableError';
  }
}
/** −32003: the agent does not support push notifications. */
export class PushNotificationNotSupportedError extends A2ARpcError {
  constructor(options: A2ARpcErrorOptions) {
    super('A2A_PUSH_NOT_SUPPORTED', options);
    this.name = 'PushNotificationNotSupportedError';
  }
}
/** −32004: the operation is not supported (streaming off, subscribe to a terminal task in 1.0, ...). */
export class UnsupportedOperationError extends A2ARpcError {
  constructor(options: A2ARpcErrorOptions) {
    super('A2A_UNSUPPORTED_OPERATION', options);
    this.name = 'UnsupportedOperationError';
  }
}
/** −32005: incompatible media types. */
export class ContentTypeNotSupportedError extends A2ARpcError {
  constructor(options: A2ARpcErrorOptions) {
    super('A2A_CONTENT_TYPE_NOT_SUPPORTED', options);
    this.name = 'ContentTypeNotSupportedError';
  }
}
/**
 * −32006: the agent's answer is unusable. Raised for the agent's own −32006, and by the client for a
 * mismatched response id, a body that is not JSON or not JSON-RPC, a result of the wrong type, or a
 * malformed stream event (`detectedBy: 'client'`).
 */
export class InvalidAgentResponseError extends A2ARpcError {
  /** Who found the problem. */
  readonly detectedBy: 'agent' | 'client';

  constructor(options: A2ARpcErrorOptions & { detectedBy?: 'agent' | 'client' }) {
    super('A2A_INVALID_AGENT_RESPONSE', options);
    this.name = 'InvalidAgentResponseError';
    this.detectedBy = options.detectedBy ?? 'agent';
  }
}
/** −32007: no extended card is configured. */
export class ExtendedCardNotConfiguredError extends A2ARpcError {
  constructor(options: A2ARpcErrorOptions) {
    super('A2A_EXTENDED_CARD_NOT_CONFIGURED', options);
    this.name = 'ExtendedCardNotConfiguredError';
  }
}
/** −32008 (1.0): the card marks an extension required and the client did not declare it. */
export class ExtensionSupportRequiredError extends A2ARpcError {
  constructor(options: A2ARpcErrorOptions) {
    super('A2A_EXTENSION_SUPPORT_REQUIRED', options);
    this.name = 'ExtensionSupportRequiredError';
  }
}
/** −32009 (1.0): the agent does not speak the requested `A2A-Version`. */
export class VersionNotSupportedError extends A2ARpcError {
  constructor(options: A2ARpcErrorOptions) {
    super('A2A_VERSION_NOT_SUPPORTED', options);
    this.name = 'VersionNotSupportedError';
  }
}

const BY_CODE: ReadonlyMap<number, RpcErrorCtor> = new Map<number, RpcErrorCtor>([
  [-32700, A2AJsonParseError],
  [-32600, A2AInvalidRequestError],
  [-32601, A2AMethodNotFoundError],
  [-32602, A2AInvalidParamsError],
  [-32603, A2AInternalError],
  [-32001, TaskNotFoundError],
  [-32002, TaskNotCancelableError],
  [-32003, PushNotificationNotSupportedError],
  [-32004, UnsupportedOperationError],
  [-32005, ContentTypeNotSupportedError],
  [-32006, InvalidAgentResponseError],
  [-32007, ExtendedCardNotConfiguredError],
  [-32008, ExtensionSupportRequiredError],
  [-32009, VersionNotSupportedError],
]);

/** Builds the typed error for a JSON-RPC error code; codes outside the A2A table give a plain `A2ARpcError`. */
export function rpcErrorFor(options: A2ARpcErrorOptions): A2ARpcError {
  const Ctor = BY_CODE.get(options.rpcCode);
  return Ctor ? new Ctor(options) : new A2ARpcError('A2A_RPC_ERROR', options);
}

/** The client found the agent's answer unusable. */
export function invalidResponse(
  message: string,
  context: { method?: string; url?: string; cause?: unknown },
) {
  return new InvalidAgentResponseError({ rpcCode: -32006, message, detectedBy: 'client', ...context });
}

/** The agent refused the call for lack of (valid) credentials: HTTP 401 or 403. */
export class A2AAuthRequiredError extends AgentWebError {
  /** 401 or 403. */
  readonly status: number;
  /** The schemes the card declares, so the caller knows what to supply. */
  readonly schemes: AuthScheme[];
  /** Alternatives (OR) of scheme-id sets (AND) the card requires. */
  readonly requirements: string[][];
  /** The `WWW-Authenticate` header, when sent. */
  readonly wwwAuthenticate: string | undefined;
  /** The URL that refused. */
  readonly url: string;

  constructor(options: {
    status: number;
    url: string;
    schemes: AuthScheme[];
    requirements: string[][];
    wwwAuthenticate?: string;
    cause?: unknown;
  }) {
    const names = options.schemes.map((s) => `${s.id} (${s.type})`).join(', ');
    super({
      code: 'A2A_AUTH_REQUIRED',
      message: `HTTP ${options.status} from ${options.url}: credentials required${names ? `; the card accepts ${names}` : ''}`,
      cause: options.cause,
    });
    this.name = 'A2AAuthRequiredError';
    this.status = options.status;
    this.url = options.url;
    this.schemes = options.schemes;
    this.requirements = options.requirements;
    this.wwwAuthenticate = options.wwwAuthenticate;
  }
}

/** The auth error for a refusal by `url`, naming the schemes and requirements `profile`'s card declares. */
export function authRequiredError(options: {
  profile: AgentProfile | undefined;
  status: number;
  url: string;
  wwwAuthenticate?: string | undefined;
  cause?: unknown;
}): A2AAuthRequiredError {
  return new A2AAuthRequiredError({
    status: options.status,
    url: options.url,
    schemes: options.profile?.auth.schemes ?? [],
    requirements: options.profile?.auth.requirements ?? [],
    ...(options.wwwAuthenticate !== undefined ? { wwwAuthenticate: options.wwwAuthenticate } : {}),
    ...(options.cause !== undefined ? { cause: options.cause } : {}),
  });
}

/** Why a stream failed on the client side. */
export type StreamFailure = 'event-too-large' | 'idle-timeout' | 'ended-early' | 'retries-exhausted';

/** An SSE stream could not be read to its end. */
export class A2AStreamError extends AgentWebError {
  /** What went wrong. */
  readonly reason: StreamFailure;

  constructor(options: { reason: StreamFailure; message: string; cause?: unknown }) {
    super({ code: 'A2A_STREAM', message: options.message, cause: options.cause });
    this.name = 'A2AStreamError';
    this.reason = options.reason;
  }
}

/** No endpoint on the card uses a binding and version this client speaks (or the caller asked for). */
export class NoSupportedEndpointError extends AgentWebError {
  /** What the card offered, as `binding@version url`. */
  readonly offered: string[];

  constructor(options: { offered: string[]; detail?: string }) {
    super({
      code: 'A2A_NO_SUPPORTED_ENDPOINT',
      message: `No supported A2A endpoint${options.detail ? ` (${options.detail})` : ''}; the card offers: ${options.offered.join('; ') || 'nothing'}`,
    });
    this.name = 'NoSupportedEndpointError';
    this.offered = options.offered;
  }
}

/** Why a card signature was refused. */
export type SignatureFailure =
  | 'malformed'
  | 'unsupported-alg'
  | 'no-key'
  | 'bad-signature'
  | 'unsigned'
  | 'bad-header';

/** The card's signature could not be verified; the card must not be used. */
export class CardSignatureError extends AgentWebError {
  /** What was wrong. */
  readonly reason: SignatureFailure;

  constructor(options: { reason: SignatureFailure; message: string; cause?: unknown }) {
    super({ code: 'A2A_CARD_SIGNATURE', message: options.message, cause: options.cause });
    this.name = 'CardSignatureError';
    this.reason = options.reason;
  }
}

/** A call was made on an A2A client after its `close()` (or while it closed); nothing was sent. */
export class A2AClientClosedError extends AgentWebError {
  /** The endpoint of the closed client. */
  readonly url: string;

  constructor(options: { url: string }) {
    super({
      code: 'A2A_CLIENT_CLOSED',
      message: `The A2A client for ${options.url} is closed; create a new one. Nothing was sent.`,
    });
    this.name = 'A2AClientClosedError';
    this.url = options.url;
  }
}

/** True for any {@link A2ARpcError} subclass from any copy of AgentWeb. */
export function isA2ARpcError(error: unknown): error is A2ARpcError {
  return isAgentWebError(error) && typeof (error as { rpcCode?: unknown }).rpcCode === 'number';
}
export const isA2AJsonParseError = createErrorGuard<A2AJsonParseError>('A2AJsonParseError');
export const isA2AInvalidRequestError = createErrorGuard<A2AInvalidRequestError>('A2AInvalidRequestError');
export const isA2AMethodNotFoundError = createErrorGuard<A2AMethodNotFoundError>('A2AMethodNotFoundError');
export const isA2AInvalidParamsError = createErrorGuard<A2AInvalidParamsError>('A2AInvalidParamsError');
export const isA2AInternalError = createErrorGuard<A2AInternalError>('A2AInternalError');
export const isTaskNotFoundError = createErrorGuard<TaskNotFoundError>('TaskNotFoundError');
export const isTaskNotCancelableError = createErrorGuard<TaskNotCancelableError>('TaskNotCancelableError');
export const isPushNotificationNotSupportedError = createErrorGuard<PushNotificationNotSupportedError>(
  'PushNotificationNotSupportedError',
);
export const isUnsupportedOperationError =
  createErrorGuard<UnsupportedOperationError>('UnsupportedOperationError');
export const isContentTypeNotSupportedError = createErrorGuard<ContentTypeNotSupportedError>(
  'ContentTypeNotSupportedError',
);
export const isInvalidAgentResponseError =
  createErrorGuard<InvalidAgentResponseError>('InvalidAgentResponseError');
export const isExtendedCardNotConfiguredError = createErrorGuard<ExtendedCardNotConfiguredError>(
  'ExtendedCardNotConfiguredError',
);
export const isExtensionSupportRequiredError = createErrorGuard<ExtensionSupportRequiredError>(
  'ExtensionSupportRequiredError',
);
export const isVersionNotSupportedError =
  createErrorGuard<VersionNotSupportedError>('VersionNotSupportedError');
export const isA2AAuthRequiredError = createErrorGuard<A2AAuthRequiredError>('A2AAuthRequiredError');
export const isA2AStreamError = createErrorGuard<A2AStreamError>('A2AStreamError');
export const isNoSupportedEndpointError =
  createErrorGuard<NoSupportedEndpointError>('NoSupportedEndpointError');
export const isCardSignatureError = createErrorGuard<CardSignatureError>('CardSignatureError');
export const isA2AClientClosedError = createErrorGuard<A2AClientClosedError>('A2AClientClosedError');
