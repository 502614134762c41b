import { AgentWebError, createErrorGuard } from './agentweb-error.js';

/** Options of {@link StateStoreError}. */
export interface StateStoreErrorOptions {
  /** The store that failed, e.g. `redis`. */
  store: string;
  /** What was being done, e.g. `contextStore.set` or `searchCache.get`. */
  operation: string;
  /** Why, in words: `connection refused`, `timed out after 1000 ms`. Never a key's or value's content. */
  reason: string;
  /** The client library's error. */
  cause?: unknown;
}

/**
 * Shared state (contextIds, caches, backoff, approvals, crawl queues) could not be read or written: the store is
 * unreachable, restarting, or did not answer within its deadline. `code` is always `STATE_STORE_UNAVAILABLE`.
 * Calls that cannot go on without the state (a contextId, an approval) fail with it; callers that can degrade
 * (a cache) skip the store and report a warning instead.
 */
export class StateStoreError extends AgentWebError {
  /** The store that failed. */
  readonly store: string;
  /** What was being done. */
  readonly operation: string;
  /** Why, in words. */
  readonly reason: string;

  constructor(options: StateStoreErrorOptions) {
    super({
      code: 'STATE_STORE_UNAVAILABLE',
      message: `${options.store} ${options.operation} failed: ${options.reason}`,
      cause: options.cause,
    });
    this.name = 'StateStoreError';
    this.store = options.store;
    this.operation = options.operation;
    this.reason = options.reason;
  }
}

/** True when `error` is a {@link StateStoreError} from any copy of the package. */
export const isStateStoreError = createErrorGuard<StateStoreError>('StateStoreError');
