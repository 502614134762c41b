import { AgentWebError, createErrorGuard } from '@agentweb/core';

/** A context store call that failed: a bad key or contextId, or the file could not be read or written. */
export class ContextStoreError extends AgentWebError {
  constructor(
    code: 'CAP_CONTEXT_INVALID' | 'CAP_CONTEXT_STORE_IO' | 'CAP_CONTEXT_STORE_CORRUPT',
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

export const isContextStoreError = (error: unknown): error is ContextStoreError =>
  createErrorGuard<ContextStoreError>('ContextStoreError')(error) ||
  createErrorGuard<ContextStoreError>('ContextStoreCorruptError')(error);
export const isContextStoreCorruptError =
  createErrorGuard<ContextStoreCorruptError>('ContextStoreCorruptError');
