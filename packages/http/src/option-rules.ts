import { is, type OptionRule } from '@agentweb/core';
import { isHttpCacheStore } from './http-cache-store.js';

const isObject = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * An `HttpClient` option of another package's factory: an object with the client's request methods (one from
 * `createHttpClient`, or a wrapper that has them all).
 */
export const HTTP_CLIENT_RULE: OptionRule = {
  ...is.methods('getJson', 'getText', 'postJson', 'request', 'stream'),
  expected: 'an HTTP client (from createHttpClient)',
};

/** `allowPrivateNetwork`: `true`/`false` or an allow-list of names, IP literals and CIDR ranges. */
export const PRIVATE_NETWORK_RULE: OptionRule = {
  ...is.anyOf(is.boolean, is.arrayOf(is.string)),
  expected: 'a boolean or an array of host names, IP addresses and CIDR ranges',
};

/** The options of `createGuardedDispatcher`, `createGuardedConnector` and `createGuardedFetch`. */
export const GUARD_OPTION_RULES = {
  allowPrivateNetwork: {
    ...PRIVATE_NETWORK_RULE,
    test: (v: unknown) =>
      PRIVATE_NETWORK_RULE.test(v) || (isObject(v) && typeof (v as { check?: unknown }).check === 'function'),
    expected: 'a boolean, an allow-list array or an address policy (from createAddressPolicy)',
  },
  lookup: is.function,
  connector: is.function,
  connectTimeoutMs: is.timerMs,
  keepAliveTimeoutMs: is.timerMs,
  connections: is.positiveInteger,
} as const;

const RETRY_FIELDS = {
  limit: is.nonNegativeInteger,
  methods: is.arrayOf(is.nonEmptyString),
  statusCodes: is.arrayOf(is.positiveInteger),
  retryOnNetworkError: is.boolean,
  baseDelayMs: is.delayMs,
  maxDelayMs: is.delayMs,
  maxRetryDelayMs: is.delayMs,
  budgetMs: is.custom('a number >= 0', (v) => typeof v === 'number' && v >= 0),
  onRetry: is.function,
};

/** `retry`: `false` or retry options (each field checked). */
export const RETRY_RULE: OptionRule = is.falseOr(is.shape(RETRY_FIELDS, 'retry options'));

/** The options of `new HttpCache`. */
export const CACHE_OPTION_RULES = {
  maxEntries: is.positiveInteger,
  maxBytes: is.positiveInteger,
  heuristicTtlMs: is.nonNegativeNumber,
  negativeTtlMs: is.nonNegativeNumber,
  maxEntryBytes: is.positiveInteger,
} as const;

/** The options of `createHttpClient`. */
export const HTTP_CLIENT_OPTION_RULES = {
  fetch: { ...is.anyOf(is.function, is.oneOf('global')), expected: "a fetch function or 'global'" },
  timeoutMs: is.timerMs,
  maxBodyBytes: is.positiveInteger,
  maxRedirects: is.nonNegativeInteger,
  redirect: is.oneOf('follow', 'same-origin', 'error'),
  allowHttp: is.boolean,
  allowPrivateNetwork: PRIVATE_NETWORK_RULE,
  lookup: is.function,
  connector: is.function,
  retry: RETRY_RULE,
  // A store (an HttpCache, createRedisHttpCache, ...) is told apart from options by its methods: an object with a
  // `get` method must have all of a store's.
  cache: {
    ...is.shape(CACHE_OPTION_RULES, 'a boolean, cache options, an HttpCache or a cache store'),
    test: (v: unknown) =>
      typeof v === 'boolean' ||
      (isObject(v) && (typeof (v as { get?: unknown }).get !== 'function' || isHttpCacheStore(v))),
  },
  userAgent: is.string,
  headers: { ...is.anyOf(is.object, is.array), expected: 'a record, a Headers object or name/value pairs' },
  signal: is.signal,
} as const;
