import type { buildConnector } from 'undici';
import type { PrivateNetworkAllowance } from './address-guard.js';
import type { FetchFunction } from './guarded-fetch.js';
import type { HttpCache, HttpCacheOptions } from './http-cache.js';
import type { HttpCacheStore } from './http-cache-store.js';
import type { LookupFunction } from './lookup.js';
import type { HttpProvenance } from './provenance.js';
import type { ReadonlyHeaders } from './readonly-headers.js';
import type { ResolveDestinationOptions, ResolvedDestination } from './resolve-destination.js';
import type { RetryOptions } from './retry-policy.js';

/**
 * What to do with 3xx responses that carry a `Location`: follow them (every hop is checked again), follow
 * only those that stay on the origin of the requested URL, or refuse any redirect.
 */
export type RedirectMode = 'follow' | 'same-origin' | 'error';

/** Request headers: a record, a `Headers` object or name/value pairs. */
export type HeadersInput = Record<string, string> | Headers | ReadonlyArray<readonly [string, string]>;

/** Options of `createHttpClient`. Every field is optional. */
export interface HttpClientOptions {
  /**
   * The `fetch` to send requests with, looked up on every call (so msw or middleware installed later still
   * apply). `'global'` means `globalThis.fetch` as it is at call time. Default: the built-in undici transport,
   * whose connections are address-checked at connect time. With any other fetch the client checks IP literals
   * and resolves host names itself before each hop, which does not cover DNS rebinding; pass a fetch made by
   * `createGuardedFetch` to keep the connect-time guarantee.
   */
  fetch?: FetchFunction | 'global';
  /** Whole-call deadline in ms, covering connect, headers, body and retries (default 10 000; at most 2^31-1). */
  timeoutMs?: number;
  /** Largest decoded body accepted, in bytes (default 1 MiB). Also settable per call. */
  maxBodyBytes?: number;
  /** Most redirects followed per request (default 5). */
  maxRedirects?: number;
  /** Redirect policy (default `'follow'`). */
  redirect?: RedirectMode;
  /** Allow plain `http:` URLs and redirects to them (default false: https only). */
  allowHttp?: boolean;
  /**
   * Allow non-public destinations (loopback, private, link-local, CGNAT, ...): `true` for all of them, or an
   * allow-list of host names (`localhost`, `*.internal`), IP literals and CIDR ranges. Default false.
   */
  allowPrivateNetwork?: PrivateNetworkAllowance;
  /** Resolver with the signature of `node:dns` `lookup`, used by the address guard (default `dns.lookup`). */
  lookup?: LookupFunction;
  /**
   * Advanced: the socket connector the default transport runs after the address check passed (default
   * undici's `buildConnector()`). For proxies, custom TLS, or tests that prove no socket was opened.
   */
  connector?: buildConnector.connector;
  /** Retry policy for every call (default: 2 retries of idempotent methods); `false` disables retries. */
  retry?: RetryOptions | false;
  /**
   * Response cache: `true` (default) for a private in-memory cache with default limits, its options, a shared
   * `HttpCache` instance, another {@link HttpCacheStore} (e.g. `createRedisHttpCache` of `@agentweb/redis`, shared
   * by many processes), or `false`. A store that fails never fails a call: the call goes on without the cache and
   * says so in `provenance.cacheError`.
   */
  cache?: boolean | HttpCacheOptions | HttpCache | HttpCacheStore;
  /** `User-Agent` sent with every request (default `agentweb-http/0.1`). */
  userAgent?: string;
  /** Headers sent with every request (per-call headers override them by name). */
  headers?: HeadersInput;
  /** Aborts every call of this client; the abort reason is passed through to callers unchanged. */
  signal?: AbortSignal;
}

/** Options accepted by every client method. */
export interface CallOptions {
  /** Extra headers for this call. */
  headers?: HeadersInput;
  /** Aborts this call; the call then rejects with `signal.reason` unchanged. */
  signal?: AbortSignal;
  /** Deadline for this call in ms (overrides the client's). */
  timeoutMs?: number;
  /** Body cap for this call in bytes (overrides the client's). */
  maxBodyBytes?: number;
  /** Retry options merged over the client's, or `false` for no retries. */
  retry?: RetryOptions | false;
  /** Retry this call even if its method is not idempotent (for POSTs the server de-duplicates). */
  idempotent?: boolean;
  /** `false` bypasses the cache (no read, no write) and single-flight for this call. */
  cache?: boolean;
  /** The fetch for this call (overrides the client's). */
  fetch?: FetchFunction | 'global';
  /** Redirect policy for this call. */
  redirect?: RedirectMode;
  /** Redirect limit for this call. */
  maxRedirects?: number;
  /** `Accept` header for this call (each method has a sensible default). */
  accept?: string;
}

/** Options of `getJson` and `postJson`. */
export interface JsonCallOptions extends CallOptions {
  /**
   * Media types accepted in the response (default `application/json` and any `+json` type); `false` skips
   * the check. Patterns may use `type/*` and `type/*+suffix`.
   */
  expectedContentTypes?: readonly string[] | false;
}

/** Options of `postJson`. */
export interface PostJsonOptions extends JsonCallOptions {
  /** The value sent as the JSON request body. */
  json: unknown;
}

/** Options of `stream`. */
export interface StreamOptions extends Omit<CallOptions, 'cache'> {
  /** HTTP method (default GET). */
  method?: string;
  /** Request body. */
  body?: string | Uint8Array;
}

/** Options of `request`. */
export interface RequestOptions extends CallOptions {
  /** HTTP method (default GET). Only GET responses are cached. */
  method?: string;
  /** Request body. */
  body?: string | Uint8Array;
  /** A value to send as JSON (sets `Content-Type: application/json`); overrides `body`. */
  json?: unknown;
  /** Reject non-2xx statuses with `HttpStatusError` (default true). */
  throwHttpErrors?: boolean;
}

/** Fields every result has. */
export interface HttpResultBase {
  /** HTTP status of the final response. */
  status: number;
  /** Response headers (shared with the cache; do not mutate). */
  headers: ReadonlyHeaders;
  /** Where the response came from. */
  provenance: HttpProvenance;
}

/** Result of `getJson` / `postJson`. */
export interface JsonResult<T> extends HttpResultBase {
  /**
   * The parsed body (`undefined` for an empty body). Deep-frozen when the response is stored in or served
   * from the cache, because cache hits share it.
   */
  data: T;
}

/** Result of `getText`. */
export interface TextResult extends HttpResultBase {
  /** The body decoded with its charset (UTF-8 when none or unknown). */
  text: string;
}

/** Result of `request`. */
export interface BytesResult extends HttpResultBase {
  /** The decoded body bytes (shared with the cache; do not mutate). */
  body: Uint8Array;
  /** The body as text (charset from `Content-Type`, else UTF-8). */
  text(): string;
  /** The body parsed as JSON (no content-type check); throws `JsonParseError`. */
  json<T = unknown>(): T;
}

/** Result of `stream`. */
export interface StreamResult {
  /** HTTP status of the final response. */
  status: number;
  /** Response headers. */
  headers: ReadonlyHeaders;
  /** The URL as requested (normalized). */
  url: string;
  /**
   * The URL that answered after redirects, known as soon as the headers arrive: a caller that stops reading
   * early (e.g. at `</head>`) can still resolve relative links against it.
   */
  finalUrl: string;
  /** URLs that redirected, in order, before `finalUrl` answered. */
  redirects: readonly string[];
  /** The decoded body, erroring with `BodyTooLargeError` past the cap and `TimeoutError` at the deadline. */
  body: ReadableStream<Uint8Array>;
  /**
   * Provenance, settled once the body has been read to the end (with `bytes` and `sha256`), or rejected
   * with the error that ended the stream. Never causes an unhandled rejection if ignored.
   */
  provenance: Promise<HttpProvenance>;
}

/** The client returned by `createHttpClient`. */
export interface HttpClient {
  /** GET a JSON document: checks the media type, parses it, and throws `HttpStatusError` on non-2xx. */
  getJson<T = unknown>(url: string | URL, options?: JsonCallOptions): Promise<JsonResult<T>>;
  /** GET a text document; throws `HttpStatusError` on non-2xx. */
  getText(url: string | URL, options?: CallOptions): Promise<TextResult>;
  /** Start a request and hand back the body as a capped stream (never cached, no retries once headers arrived). */
  stream(url: string | URL, options?: StreamOptions): Promise<StreamResult>;
  /** POST a JSON body and parse the JSON answer. Not retried unless `idempotent: true` or `retry.methods` says so. */
  postJson<T = unknown>(url: string | URL, options: PostJsonOptions): Promise<JsonResult<T>>;
  /** Any method, buffered body. */
  request(url: string | URL, options?: RequestOptions): Promise<BytesResult>;
  /**
   * Checks a destination against this client's policy without sending anything, for transports that open their
   * own connections (A2A over gRPC): the URL is vetted as for a request (https unless `allowHttp`), its host is
   * resolved once through `lookup`, and every address must pass the address guard. Connect to one of the
   * returned addresses, never to the name again, to keep the connect-time guarantee (no DNS rebinding).
   * Rejects with `UrlPolicyError`, `BlockedAddressError`, `NetworkError` (lookup failed) or `TimeoutError`.
   */
  resolveDestination(url: string | URL, options?: ResolveDestinationOptions): Promise<ResolvedDestination>;
  /** Whether this client allows plain `http:` (`allowHttp`); other transports follow the same rule. */
  readonly allowsHttp: boolean;
  /** The client's default deadline and body cap, for transports outside HTTP that honour the same limits. */
  readonly defaults: { readonly timeoutMs: number; readonly maxBodyBytes: number };
  /** The client's in-memory cache, when caching is on and the store is an `HttpCache`. */
  readonly cache: HttpCache | undefined;
  /** The cache store in use (an `HttpCache` or a shared store), when caching is on. */
  readonly cacheStore?: HttpCacheStore | undefined;
  /** Closes the keep-alive connections of the default transport. Idempotent. */
  close(): Promise<void>;
}
