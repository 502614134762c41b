import { AgentWebError, createErrorGuard } from '@agentweb/core';

/**
 * A context store call that failed: a bad key or contextId, the file could not be read or written, or the
 * context-creation lock was not free in time.
 */
export class ContextStoreError extends AgentWebError {
  constructor(
    code:
      | 'CAP_CONTEXT_INVALID'
      | 'CAP_CONTEXT_STORE_IO'
      | 'CAP_CONTEXT_STORE_CORRUPT'
      | 'CAP_CONTEXT_LOCK_TIMEOUT',
    message: string,
    cause?: unknown,
  ) {
    super({ code, message, cause });
    this.name = 'ContextStoreError';
  }
}

/** The context file exists but is not a context store file; nothing was overwritten. */
export class ContextStoreCorruptError extends ContextStoreError {
  /** The file that could not be read. */
  readonly path: string;

  constructor(path: string, reason: string, cause?: unknown) {
    super('CAP_CONTEXT_STORE_CORRUPT', `Context store file ${path} is corrupt: ${reason}`, cause);
    this.name = 'ContextStoreCorruptError';
    this.path = path;
  }
}

/**
 * Another call held this user's context-creation lock with this merchant for longer than the store waits
 * (`lockWaitMs`): nothing was sent, so nothing is lost; the call can be retried, and will find the context the holder
 * stored.
 */
export class ContextLockTimeoutError extends ContextStoreError {
  /** How long the call waited for the lock, in ms. */
  readonly waitedMs: number;

  constructor(waitedMs: number) {
    super(
      'CAP_CONTEXT_LOCK_TIMEOUT',
      `Another call was still creating this user's context with this merchant after ${waitedMs} ms; nothing was sent`,
    );
    this.name = 'ContextLockTimeoutError';
    this.waitedMs = waitedMs;
  }
}

export const isContextStoreError = (error: unknown): error is ContextStoreError =>
  createErrorGuard<ContextStoreError>('ContextStoreError')(error) ||
  createErrorGuard<ContextStoreError>('ContextStoreCorruptError')(error) ||
  createErrorGuard<ContextStoreError>('ContextLockTimeoutError')(error);
export const isContextLockTimeoutError = createErrorGuard<ContextLockTimeoutError>('ContextLockTimeoutError');
export const isContextStoreCorruptError =
  createErrorGuard<ContextStoreCorruptError>('ContextStoreCorruptError');
