import { RETRYABLE_STATUSES } from './errors.js';

/** What happened before a retry, passed to `onRetry`. */
export interface RetryEvent {
  /** The URL of the call. */
  url: string;
  /** The HTTP method. */
  method: string;
  /** Which retry this is: 1 for the first retry. */
  retry: number;
  /** How long the client waits before it, in ms. */
  delayMs: number;
  /** The status that caused it, for status retries. */
  status?: number;
  /** The error that caused it, for network failures. */
  error?: unknown;
  /** True when the delay came from a `Retry-After` header. */
  fromRetryAfter: boolean;
}

/** Retry policy. Retries always stop at the call's deadline; the last failure is then reported. */
export interface RetryOptions {
  /** Retries after the first attempt (default 2; 0 disables). */
  limit?: number;
  /**
   * Methods retried (default the idempotent ones: GET, HEAD, OPTIONS, PUT, DELETE). Add `POST` here, or pass
   * `idempotent: true` on a call, to opt a non-idempotent request in.
   */
  methods?: readonly string[];
  /** Statuses retried (default 408, 425, 429, 500, 502, 503, 504). */
  statusCodes?: readonly number[];
  /** Retry connection failures and broken bodies (default true). */
  retryOnNetworkError?: boolean;
  /** First backoff ceiling in ms (default 200); the ceiling doubles per retry and the delay is uniform in [0, ceiling). */
  baseDelayMs?: number;
  /** Largest backoff ceiling in ms (default 5 000). */
  maxDelayMs?: number;
  /** Largest wait honoured from a `Retry-After` header, in ms (default 30 000); longer values are capped to it. */
  maxRetryDelayMs?: number;
  /** Total time a call may spend waiting between attempts, in ms (default unlimited, bounded by the deadline). */
  budgetMs?: number;
  /** Called before each retry wait. Errors thrown by it are ignored. */
  onRetry?: (event: RetryEvent) => void;
}

/** A fully resolved retry policy. */
export interface RetryPolicy {
  limit: number;
  methods: ReadonlySet<string>;
  statusCodes: ReadonlySet<number>;
  retryOnNetworkError: boolean;
  baseDelayMs: number;
  maxDelayMs: number;
  maxRetryDelayMs: number;
  budgetMs: number;
  onRetry: ((event: RetryEvent) => void) | undefined;
}

const DEFAULT_METHODS = ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'];

/** Merges client-level and per-call retry options (per-call fields win; `false` disables retries). */
export function resolveRetryPolicy(
  base: RetryOptions | false | undefined,
  override?: RetryOptions | false,
): RetryPolicy {
  if (override === false || (base === false && override === undefined)) return build({ limit: 0 });
  return build(base === false ? (override ?? {}) : { ...base, ...override });
}

function build(options: RetryOptions): RetryPolicy {
  return {
    limit: Math.max(0, options.limit ?? 2),
    methods: new Set((options.methods ?? DEFAULT_METHODS).map((method) => method.toUpperCase())),
    statusCodes: new Set(options.statusCodes ?? RETRYABLE_STATUSES),
    retryOnNetworkError: options.retryOnNetworkError ?? true,
    baseDelayMs: Math.max(0, options.baseDelayMs ?? 200),
    maxDelayMs: Math.max(0, options.maxDelayMs ?? 5_000),
    maxRetryDelayMs: Math.max(0, options.maxRetryDelayMs ?? 30_000),
    budgetMs: options.budgetMs ?? Number.POSITIVE_INFINITY,
    onRetry: options.onRetry,
  };
}

/**
 * Parses `Retry-After` (delay-seconds or an HTTP-date) into milliseconds from `now`; `undefined` when absent
 * or malformed. Dates in the past give 0.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  if (value == null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Exponential backoff with full jitter: uniform in [0, min(maxDelayMs, baseDelayMs * 2^(retry-1))). */
export function backoffDelay(policy: RetryPolicy, retry: number, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.floor(random() * ceiling);
}

/** The wait before retry number `retry`: `Retry-After` (capped) when given, else jittered backoff. */
export function retryDelay(
  policy: RetryPolicy,
  retry: number,
  retryAfter: string | null | undefined,
  now: number = Date.now(),
): { delayMs: number; fromRetryAfter: boolean } {
  const after = parseRetryAfter(retryAfter, now);
  if (after !== undefined) return { delayMs: Math.min(after, policy.maxRetryDelayMs), fromRetryAfter: true };
  return { delayMs: backoffDelay(policy, retry), fromRetryAfter: false };
}
