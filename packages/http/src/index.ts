export {
  type AddressClass,
  type AddressPolicy,
  type AddressVerdict,
  classifyAddress,
  createAddressPolicy,
  isBlockedAddress,
  type PrivateNetworkAllowance,
} from './address-guard.js';
export { type CacheDirectives, type FreshnessDefaults, parseCacheControl } from './cache-control.js';
export {
  type CacheEntry,
  type CachePolicy,
  cacheEntryMatches,
  cacheEntryTtlSeconds,
  createCacheEntry,
  isCacheEntryFresh,
  type RequestHeaderReader,
  type RevalidatedFields,
  revalidatedFields,
  type StorableResponse,
} from './cache-entry.js';
export { createHttpClient } from './create-http-client.js';
export {
  BlockedAddressError,
  BodyTooLargeError,
  ContentTypeError,
  HttpError,
  type HttpErrorOptions,
  HttpStatusError,
  isBlockedAddressError,
  isBodyTooLargeError,
  isContentTypeError,
  isHttpError,
  isHttpStatusError,
  isJsonParseError,
  isNetworkError,
  isRedirectPolicyError,
  isTimeoutError,
  isUrlPolicyError,
  JsonParseError,
  NetworkError,
  RETRYABLE_STATUSES,
  RedirectPolicyError,
  type RedirectRefusal,
  TimeoutError,
  UrlPolicyError,
  type UrlRefusal,
} from './errors.js';
export {
  createGuardedConnector,
  createGuardedDispatcher,
  type GuardedDispatcherOptions,
} from './guarded-dispatcher.js';
export {
  createGuardedFetch,
  type FetchFunction,
  type GuardedFetch,
  type GuardedFetchOptions,
  isGuardedFetch,
} from './guarded-fetch.js';
export { HttpCache, type HttpCacheOptions } from './http-cache.js';
export { type HttpCacheStore, isHttpCacheStore } from './http-cache-store.js';
export type {
  BytesResult,
  CallOptions,
  HeadersInput,
  HttpClient,
  HttpClientOptions,
  HttpResultBase,
  JsonCallOptions,
  JsonResult,
  PostJsonOptions,
  RedirectMode,
  RequestOptions,
  StreamOptions,
  StreamResult,
  TextResult,
} from './http-client-options.js';
export type { LookupFunction } from './lookup.js';
export { HTTP_CLIENT_RULE } from './option-rules.js';
export { type CacheStoreFailure, type HttpProvenance, toProvenanceRecord } from './provenance.js';
export type { ReadonlyHeaders } from './readonly-headers.js';
export type { ResolveDestinationOptions, ResolvedDestination } from './resolve-destination.js';
export { parseRetryAfter, type RetryEvent, type RetryOptions } from './retry-policy.js';
