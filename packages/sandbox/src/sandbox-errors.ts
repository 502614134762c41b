import { AgentWebError, createErrorGuard } from '@agentweb/core';

/** Options a sandbox starter was given that it cannot run with; the message names the option and the value. */
export class SandboxOptionsError extends AgentWebError {
  /** The option that was wrong, e.g. `merchants` or `host`. */
  readonly option: string;
  constructor(option: string, message: string) {
    super({ code: 'SANDBOX_OPTIONS_INVALID', message });
    this.name = 'SandboxOptionsError';
    this.option = option;
  }
}

/** The sandbox could not bind its HTTP or DNS server (e.g. the port is taken); `cause` is the socket error. */
export class SandboxListenError extends AgentWebError {
  constructor(message: string, cause: unknown) {
    super({ code: 'SANDBOX_LISTEN_FAILED', message, cause });
    this.name = 'SandboxListenError';
  }
}

/** A sandbox child process failed to start, answered nonsense, or died. */
export class SandboxProcessError extends AgentWebError {
  constructor(message: string, cause?: unknown) {
    super({ code: 'SANDBOX_PROCESS_FAILED', message, cause });
    this.name = 'SandboxProcessError';
  }
}

/** Codes of {@link SandboxFetchError}. */
export type SandboxFetchErrorCode =
  /** The request was not sent: bad URL or init, a scheme other than http:, or an IP literal outside loopback. */
  | 'SANDBOX_FETCH_REFUSED'
  /** The request was sent or attempted and failed: unknown name, refused connection, reset mid-body. */
  | 'SANDBOX_FETCH_FAILED';

/** A request through a sandbox `fetch` was refused or failed; `cause` holds the underlying error, if any. */
export class SandboxFetchError extends AgentWebError {
  declare readonly code: SandboxFetchErrorCode;
  /** The URL asked for, as given. */
  readonly url: string;
  constructor(code: SandboxFetchErrorCode, url: string, message: string, cause?: unknown) {
    super({ code, message, cause });
    this.name = 'SandboxFetchError';
    this.url = url;
  }
}

/** Thrown for a filter the sandbox cannot parse; `position` is the 0-based offset of the problem. */
export class FilterSyntaxError extends AgentWebError {
  /** Offset in the expression where parsing failed. */
  readonly position: number;
  constructor(message: string, position: number) {
    super({ code: 'SANDBOX_FILTER_SYNTAX', message: `${message} at position ${position}` });
    this.name = 'FilterSyntaxError';
    this.position = position;
  }
}

/** Guard for {@link SandboxOptionsError}; works across package copies. */
export const isSandboxOptionsError = createErrorGuard<SandboxOptionsError>('SandboxOptionsError');
/** Guard for {@link SandboxListenError}; works across package copies. */
export const isSandboxListenError = createErrorGuard<SandboxListenError>('SandboxListenError');
/** Guard for {@link SandboxProcessError}; works across package copies. */
export const isSandboxProcessError = createErrorGuard<SandboxProcessError>('SandboxProcessError');
/** Guard for {@link SandboxFetchError}; works across package copies. */
export const isSandboxFetchError = createErrorGuard<SandboxFetchError>('SandboxFetchError');
/** Guard for {@link FilterSyntaxError}; works across package copies. */
export const isFilterSyntaxError = createErrorGuard<FilterSyntaxError>('FilterSyntaxError');
