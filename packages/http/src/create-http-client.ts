import { checkOptions, isPromiseLike, type MaybePromise, withholdUrlSecrets } from '@agentweb/core';
import type { Agent } from 'undici';
import { createAddressPolicy } from './address-guard.js';
import { decodeText, excerptOf, parseJsonBody } from './body-text.js';
import {
  type CacheEntry,
  type RequestHeaderReader,
  revalidatedFields,
  type StorableResponse,
} from './cache-entry.js';
import { JSON_MEDIA_TYPES, matchesMediaType, mediaType } from './content-type.js';
import { Deadline } from './deadline.js';
import { deepFreeze } from './deep-freeze.js';
import { checkUrl } from './destination-guard.js';
import { BodyTooLargeError, ContentTypeError, HttpStatusError, TimeoutError } from './errors.js';
import { createGuardedDispatcher } from './guarded-dispatcher.js';
import { type FetchFunction, isGuardedFetch } from './guarded-fetch.js';
import { HttpCache } from './http-cache.js';
import { type HttpCacheStore, isHttpCacheStore } from './http-cache-store.js';
import type {
  BytesResult,
  CallOptions,
  HeadersInput,
  HttpClient,
  HttpClientOptions,
  JsonCallOptions,
  JsonResult,
  PostJsonOptions,
  RequestOptions,
  StreamOptions,
  StreamResult,
  TextResult,
} from './http-client-options.js';
import { defaultLookup } from './lookup.js';
import { HTTP_CLIENT_OPTION_RULES } from './option-rules.js';
import type { CacheStoreFailure, HttpProvenance } from './provenance.js';
import { cappedStream, readCapped, readExcerpt } from './read-body.js';
import { resolveDestination } from './resolve-destination.js';
import { resolveRetryPolicy } from './retry-policy.js';
import { type CallContext, discardBody, explainFailure, type Hop, send, type Transport } from './send.js';
import { createUndiciDispatch } from './undici-transport.js';

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
const DEFAULT_MAX_REDIRECTS = 5;
const DEFAULT_USER_AGENT = 'agentweb-http/0.1';
const JSON_ACCEPT = 'application/json, application/*+json;q=0.9, */*;q=0.1';

/** A fully read response, from the network or the cache. */
interface Snapshot extends StorableResponse {
  url: string;
  fromCache: boolean;
  revalidated: boolean;
  /** The cache entry holding these bytes, whose memo shares parsed forms between callers. */
  entry: CacheEntry | undefined;
  /** Set when the cache store failed and the call went on without it. */
  cacheError?: CacheStoreFailure;
}

/** What the client asks of a cache store (named in `provenance.cacheError`). */
type StoreOperation = CacheStoreFailure['operation'];

function storeFailure(operation: StoreOperation, error: unknown): CacheStoreFailure {
  const code =
    typeof (error as { code?: unknown } | null)?.code === 'string'
      ? (error as { code: string }).code
      : 'CACHE_STORE_FAILED';
  const message = error instanceof Error ? error.message : String(error);
  return { operation, code, message: withholdUrlSecrets(message).slice(0, 500) };
}

const globalTransport: Transport = {
  fetch: (input, init) => globalThis.fetch(input, init),
  guardsConnections: false,
};

function normalizeHeaders(
  input: HeadersInput | undefined,
  into: Record<string, string> = {},
): Record<string, string> {
  if (!input) return into;
  const pairs: Iterable<readonly [string, string]> =
    input instanceof Headers || Array.isArray(input)
      ? (input as Iterable<readonly [string, string]>)
      : Object.entries(input);
  for (const [name, value] of pairs) into[name.toLowerCase()] = value;
  return into;
}

const CACHE_BYPASS_HEADERS = [
  'authorization',
  'if-none-match',
  'if-modified-since',
  'if-match',
  'if-unmodified-since',
  'range',
];

function bypassesCache(headers: Record<string, string>): boolean {
  for (const name of CACHE_BYPASS_HEADERS) if (name in headers) return true;
  return /no-store/i.test(headers['cache-control'] ?? '');
}

function wantsRevalidation(headers: Record<string, string>): boolean {
  const value = headers['cache-control'] ?? headers.pragma;
  return value !== undefined && /no-cache|max-age\s*=\s*0/i.test(value);
}

function isOk(status: number): boolean {
  return status >= 200 && status < 300;
}

/**
 * Creates an HTTP client with one outbound policy: address guard, https only, deadline, body cap, redirect
 * checks, retries, cache and provenance. See the package README for what each transport guarantees.
 */
export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  checkOptions('createHttpClient', options, HTTP_CLIENT_OPTION_RULES);
  const policy = createAddressPolicy(options.allowPrivateNetwork ?? false, 'createHttpClient');
  const lookup = options.lookup ?? defaultLookup;
  const allowHttp = options.allowHttp ?? false;
  const baseHeaders = normalizeHeaders(options.headers, {
    'user-agent': options.userAgent ?? DEFAULT_USER_AGENT,
  });
  if (options.userAgent !== undefined) baseHeaders['user-agent'] = options.userAgent;
  const baseBypassesCache = bypassesCache(baseHeaders);
  const baseWantsRevalidation = wantsRevalidation(baseHeaders);
  const baseRetry = resolveRetryPolicy(options.retry);
  const cacheStore: HttpCacheStore | undefined =
    options.cache === false
      ? undefined
      : options.cache instanceof HttpCache || isHttpCacheStore(options.cache)
        ? options.cache
        : new HttpCache(options.cache === true || options.cache === undefined ? {} : options.cache);
  // The in-memory cache answers synchronously and never throws: its hits skip the checks a store needs.
  const memoryCache = cacheStore instanceof HttpCache ? cacheStore : undefined;
  /**
   * Shared GETs in progress. `waiters` counts the calls still waiting; when the last one gives up, the request
   * is aborted, so a caller's abort frees the connection (and `close()`) instead of running to the deadline.
   */
  const flights = new Map<
    string,
    { promise: Promise<Snapshot>; controller: AbortController; waiters: number; settled: boolean }
  >();
  let dispatcher: Agent | undefined;
  let defaultTransport: Transport | undefined;

  function transportFor(choice: FetchFunction | 'global' | undefined): Transport {
    const chosen = choice ?? options.fetch;
    if (chosen === 'global') return globalTransport;
    if (chosen !== undefined) return { fetch: chosen, guardsConnections: isGuardedFetch(chosen) };
    if (!defaultTransport) {
      const guardOptions = {
        allowPrivateNetwork: policy,
        lookup,
        ...(options.connector ? { connector: options.connector } : {}),
      };
      dispatcher = createGuardedDispatcher(guardOptions);
      defaultTransport = { dispatch: createUndiciDispatch(dispatcher), guardsConnections: true };
    }
    return defaultTransport;
  }

  function callerSignals(call: CallOptions): AbortSignal[] {
    const signals: AbortSignal[] = [];
    if (options.signal) signals.push(options.signal);
    if (call.signal) signals.push(call.signal);
    for (const signal of signals) if (signal.aborted) throw signal.reason;
    return signals;
  }

  function context(
    url: URL,
    call: CallOptions,
    method: string,
    headers: Record<string, string>,
    body: string | Uint8Array | undefined,
    signals: readonly AbortSignal[],
  ): CallContext {
    return {
      url,
      method,
      headers,
      body,
      redirect: call.redirect ?? options.redirect ?? 'follow',
      maxRedirects: call.maxRedirects ?? options.maxRedirects ?? DEFAULT_MAX_REDIRECTS,
      allowHttp,
      policy,
      lookup,
      transport: transportFor(call.fetch),
      retry: call.retry === undefined ? baseRetry : resolveRetryPolicy(options.retry, call.retry),
      idempotent: call.idempotent ?? false,
      deadline: new Deadline(url.href, call.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS, signals),
    };
  }

  function requestHeaders(call: CallOptions, accept: string | undefined, extra?: Record<string, string>) {
    const headers = { ...baseHeaders };
    if (accept !== undefined) headers.accept = accept;
    if (extra) Object.assign(headers, extra);
    normalizeHeaders(call.headers, headers);
    if (call.accept !== undefined) headers.accept = call.accept;
    return headers;
  }

  function checkDeclaredLength(hop: Hop, limit: number, method: string): void {
    // A HEAD, 204 or 304 answer declares the length of a body it does not carry (RFC 9110 §8.6).
    if (method === 'HEAD' || hop.status === 204 || hop.status === 304) return;
    if (hop.headers.has('content-encoding')) return;
    const declared = Number(hop.headers.get('content-length') ?? Number.NaN);
    if (declared > limit) {
      discardBody(hop.body);
      throw new BodyTooLargeError({ url: hop.finalUrl, limit, received: declared, declared: true });
    }
  }

  async function fromNetwork(ctx: CallContext, limit: number): Promise<Snapshot> {
    try {
      return await send(ctx, async (hop) => {
        checkDeclaredLength(hop, limit, ctx.method);
        const read = await readCapped(hop.body, limit, hop.finalUrl);
        return {
          url: ctx.url.href,
          status: hop.status,
          headers: hop.headers,
          bytes: read.bytes,
          sha256: read.sha256,
          finalUrl: hop.finalUrl,
          redirects: hop.redirects,
          fetchedAt: new Date().toISOString(),
          fromCache: false,
          revalidated: false,
          entry: undefined,
        };
      });
    } finally {
      ctx.deadline.clear();
    }
  }

  function fromEntry(entry: CacheEntry, revalidated: boolean): Snapshot {
    return {
      url: entry.url,
      status: entry.status,
      headers: entry.headers,
      bytes: entry.bytes,
      sha256: entry.sha256,
      finalUrl: entry.finalUrl,
      redirects: entry.redirects,
      fetchedAt: entry.fetchedAt,
      fromCache: true,
      revalidated,
      entry,
    };
  }

  /**
   * Waits for a store's asynchronous answer, at most until `expiresAt` (epoch ms) and never past a caller's abort
   * (which rejects, as the network path does). A store that rejects or runs out of time yields `failure`, and the
   * call goes on without the cache.
   */
  async function awaitStore<T>(
    pending: PromiseLike<T>,
    operation: StoreOperation,
    expiresAt: number,
    signals: readonly AbortSignal[],
  ): Promise<{ value: T | undefined; failure?: CacheStoreFailure }> {
    let timer: NodeJS.Timeout | undefined;
    const waitMs = Math.max(0, Math.round(expiresAt - Date.now()));
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), waitMs);
    });
    try {
      const raced = Promise.race([Promise.resolve(pending).then((value) => ({ value })), late]);
      const settled = await (signals.length === 0 ? raced : raceSignals(raced, signals));
      if (settled === 'late') {
        return {
          value: undefined,
          failure: {
            operation,
            code: 'CACHE_STORE_TIMEOUT',
            message: `the cache store did not answer within ${waitMs} ms, the share of the call's deadline it may use`,
          },
        };
      }
      return settled;
    } catch (error) {
      for (const signal of signals) if (signal.aborted) throw signal.reason;
      return { value: undefined, failure: storeFailure(operation, error) };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Runs a store write or refresh; an asynchronous one is awaited until `expiresAt` at most. */
  async function writeStore<T>(
    operation: StoreOperation,
    write: () => MaybePromise<T>,
    expiresAt: number,
  ): Promise<{ value: T | undefined; failure?: CacheStoreFailure }> {
    let answer: MaybePromise<T>;
    try {
      answer = write();
    } catch (error) {
      return { value: undefined, failure: storeFailure(operation, error) };
    }
    // The shared request is not tied to one caller's signal; the deadline bounds the wait.
    return isPromiseLike(answer) ? awaitStore(answer, operation, expiresAt, []) : { value: answer };
  }

  async function revalidateOrFetch(
    activeCache: HttpCacheStore,
    url: URL,
    call: CallOptions,
    headers: Record<string, string>,
    stale: CacheEntry | undefined,
    reader: RequestHeaderReader,
    flightSignal: AbortSignal,
  ): Promise<Snapshot> {
    let sent = headers;
    if (stale) {
      const etag = stale.headers.get('etag');
      const lastModified = stale.headers.get('last-modified');
      if (etag !== null || lastModified !== null) {
        sent = { ...headers };
        if (etag !== null) sent['if-none-match'] = etag;
        if (lastModified !== null) sent['if-modified-since'] = lastModified;
      }
    }
    // The shared request runs under the client's signal, this call's deadline and the flight's own signal
    // (aborted only when every waiting caller has given up): one caller giving up must not fail the others.
    const signals = options.signal ? [options.signal, flightSignal] : [flightSignal];
    const limit = call.maxBodyBytes ?? options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    const ctx = context(url, call, 'GET', sent, undefined, signals);
    const expiresAt = ctx.deadline.expiresAt;
    const snapshot = await fromNetwork(ctx, limit);
    if (stale && snapshot.status === 304 && sent !== headers) {
      const refreshed = activeCache.refresh(stale, snapshot.headers);
      if (!isPromiseLike(refreshed)) return fromEntry(refreshed, true);
      const written = await writeStore('refresh', () => refreshed, expiresAt);
      if (written.value) return fromEntry(written.value, true);
      // The 304 still confirms the stored body; serve it with the merged headers, without the store.
      const merged = revalidatedFields(stale, snapshot.headers, { heuristicTtlMs: 0, negativeTtlMs: 0 }, 0);
      return { ...fromEntry({ ...stale, headers: merged.headers }, true), cacheError: written.failure };
    }
    const stored = activeCache.store(url.href, snapshot, reader);
    if (!isPromiseLike(stored)) return stored ? { ...snapshot, entry: stored } : snapshot;
    const written = await writeStore('store', () => stored, expiresAt);
    if (written.failure) return { ...snapshot, cacheError: written.failure };
    return written.value ? { ...snapshot, entry: written.value } : snapshot;
  }

  // Vetted hrefs of recent string URLs, so a cache hit skips URL parsing; bounded by clearing when full.
  const vetted = new Map<string, string>();
  function vettedHref(input: string | URL): string {
    if (typeof input !== 'string') return checkUrl(input, allowHttp).href;
    let href = vetted.get(input);
    if (href === undefined) {
      href = checkUrl(input, allowHttp).href;
      if (vetted.size >= 1024) vetted.clear();
      vetted.set(input, href);
    }
    return href;
  }

  // Request headers per Accept value for calls without their own headers; never mutated once built.
  const sharedHeaders = new Map<string, Record<string, string>>();
  function headersFor(call: CallOptions, accept: string): Record<string, string> {
    if (call.headers !== undefined || call.accept !== undefined) return requestHeaders(call, accept);
    let headers = sharedHeaders.get(accept);
    if (!headers) {
      headers = requestHeaders(call, accept);
      sharedHeaders.set(accept, headers);
    }
    return headers;
  }

  /**
   * True when a stored answer could have been fetched under this call's redirect policy: a response that
   * arrived through redirects must not serve a call that would have refused them.
   */
  function redirectsAllowed(stored: Snapshot | CacheEntry, call: CallOptions): boolean {
    const hops = stored.redirects.length;
    if (hops === 0) return true;
    const mode = call.redirect ?? options.redirect ?? 'follow';
    if (mode === 'error' || hops > (call.maxRedirects ?? options.maxRedirects ?? DEFAULT_MAX_REDIRECTS)) {
      return false;
    }
    return mode === 'follow' || new URL(stored.finalUrl).origin === new URL(stored.url).origin;
  }

  /** Applies this call's body cap to an answer fetched under another call's (cache, flight, 304 refresh). */
  function checkShared(snapshot: Snapshot, limit: number): Snapshot {
    if (snapshot.bytes.byteLength > limit) {
      throw new BodyTooLargeError({ url: snapshot.finalUrl, limit, received: snapshot.bytes.byteLength });
    }
    return snapshot;
  }

  /** GET through the cache and single-flight, or straight to the network when caching does not apply. */
  async function bufferedGet(input: string | URL, call: CallOptions, accept: string): Promise<Snapshot> {
    const href = vettedHref(input);
    const limit = call.maxBodyBytes ?? options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    const activeCache = call.cache === false ? undefined : cacheStore;
    const headers = headersFor(call, accept);
    if (!activeCache || baseBypassesCache || (call.headers !== undefined && bypassesCache(headers))) {
      const signals = callerSignals(call);
      return fromNetwork(context(new URL(href), call, 'GET', headers, undefined, signals), limit);
    }
    const reader: RequestHeaderReader = (name) => headers[name] ?? null;
    let found: MaybePromise<CacheEntry | undefined>;
    if (activeCache === memoryCache) found = memoryCache.get(href, reader);
    else {
      try {
        found = activeCache.get(href, reader);
      } catch (error) {
        return afterStoreLookup(href, call, headers, reader, limit, activeCache, storeFailure('get', error));
      }
      if (isPromiseLike(found))
        return afterStoreLookup(href, call, headers, reader, limit, activeCache, found);
    }
    // The in-memory store answered at once: a fresh hit is served without waiting on anything.
    const entry = usableEntry(found, call);
    if (entry && activeCache.isFresh(entry) && !revalidationWanted(call, headers)) {
      return checkShared(fromEntry(entry, false), limit);
    }
    return sharedRequest(href, call, headers, reader, limit, activeCache, entry, undefined);
  }

  /** An entry this call's redirect policy would not have produced is treated as absent (and replaced). */
  function usableEntry(found: CacheEntry | undefined, call: CallOptions): CacheEntry | undefined {
    return found && redirectsAllowed(found, call) ? found : undefined;
  }

  function revalidationWanted(call: CallOptions, headers: Record<string, string>): boolean {
    return call.headers === undefined ? baseWantsRevalidation : wantsRevalidation(headers);
  }

  /**
   * The rest of a GET whose store lookup answered asynchronously (a shared store) or failed: the lookup counts
   * against the call's deadline (half of it at most) and the network part gets what is left; a failed or late
   * lookup is a miss, reported in `provenance.cacheError`.
   */
  async function afterStoreLookup(
    href: string,
    call: CallOptions,
    headers: Record<string, string>,
    reader: RequestHeaderReader,
    limit: number,
    activeCache: HttpCacheStore,
    lookup: PromiseLike<CacheEntry | undefined> | CacheStoreFailure,
  ): Promise<Snapshot> {
    const timeoutMs = call.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const startedAt = Date.now();
    const expiresAt = startedAt + timeoutMs;
    // A lookup may take half the deadline at most, so a store that hangs still leaves the network the other half.
    const read = isPromiseLike(lookup)
      ? await awaitStore(lookup, 'get', startedAt + timeoutMs / 2, callerSignals(call))
      : { value: undefined, failure: lookup };
    const entry = usableEntry(read.value, call);
    if (entry && activeCache.isFresh(entry) && !revalidationWanted(call, headers)) {
      return checkShared(fromEntry(entry, false), limit);
    }
    const remaining = expiresAt - Date.now();
    if (remaining <= 0) throw new TimeoutError({ url: href, timeoutMs });
    const rest = { ...call, timeoutMs: remaining };
    return sharedRequest(href, rest, headers, reader, limit, activeCache, entry, read.failure);
  }

  /** Joins (or starts) the shared request that revalidates `entry` or fetches afresh. */
  async function sharedRequest(
    href: string,
    call: CallOptions,
    headers: Record<string, string>,
    reader: RequestHeaderReader,
    limit: number,
    activeCache: HttpCacheStore,
    entry: CacheEntry | undefined,
    lookupFailure: CacheStoreFailure | undefined,
  ): Promise<Snapshot> {
    const signals = callerSignals(call);
    // Calls that differ in cap or redirect policy must not share an answer fetched under the other's.
    const key = [
      href,
      call.maxBodyBytes ?? '',
      call.redirect ?? '',
      call.maxRedirects ?? '',
      ...Object.entries(headers),
    ].join('\n');
    let flight = flights.get(key);
    const owner = flight === undefined;
    if (!flight) {
      const controller = new AbortController();
      const promise = revalidateOrFetch(
        activeCache,
        new URL(href),
        call,
        headers,
        entry,
        reader,
        controller.signal,
      );
      const started = { promise, controller, waiters: 0, settled: false };
      flight = started;
      flights.set(key, started);
      const done = () => {
        started.settled = true;
        if (flights.get(key) === started) flights.delete(key);
      };
      promise.then(done, done);
    }
    const timeoutMs = call.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const shared = owner ? flight.promise : waitAtMost(flight.promise, timeoutMs, href);
    flight.waiters += 1;
    try {
      const snapshot = await (signals.length === 0 ? shared : raceSignals(shared, signals));
      return checkShared(lookupFailure ? { ...snapshot, cacheError: lookupFailure } : snapshot, limit);
    } finally {
      flight.waiters -= 1;
      if (flight.waiters === 0 && !flight.settled) {
        // Nobody is left to use the answer: stop the request, and let the next caller start a fresh one.
        if (flights.get(key) === flight) flights.delete(key);
        flight.controller.abort(new Error('every caller of this shared request gave up'));
      }
    }
  }

  async function bufferedCall(
    input: string | URL,
    call: CallOptions,
    method: string,
    accept: string | undefined,
    body: string | Uint8Array | undefined,
    extraHeaders?: Record<string, string>,
  ): Promise<Snapshot> {
    const url = checkUrl(input, allowHttp);
    const signals = callerSignals(call);
    const headers = requestHeaders(call, accept, extraHeaders);
    const limit = call.maxBodyBytes ?? options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    return fromNetwork(context(url, call, method, headers, body, signals), limit);
  }

  function provenanceOf(snapshot: Snapshot, started: number): HttpProvenance {
    const provenance: HttpProvenance = {
      url: snapshot.url,
      finalUrl: snapshot.finalUrl,
      redirects: snapshot.redirects,
      status: snapshot.status,
      contentType: snapshot.headers.get('content-type') ?? '',
      bytes: snapshot.bytes.byteLength,
      sha256: snapshot.sha256,
      fetchedAt: snapshot.fetchedAt,
      fromCache: snapshot.fromCache,
      revalidated: snapshot.revalidated,
      elapsedMs: performance.now() - started,
    };
    // Added only when set: a spread in the literal above would slow every result's creation.
    if (snapshot.cacheError) provenance.cacheError = snapshot.cacheError;
    return provenance;
  }

  function statusError(snapshot: Snapshot, provenance: HttpProvenance): HttpStatusError {
    return new HttpStatusError({
      url: snapshot.finalUrl,
      status: snapshot.status,
      headers: snapshot.headers,
      bodyExcerpt: excerptOf(snapshot.bytes, snapshot.headers.get('content-type')),
      provenance,
    });
  }

  function jsonData(snapshot: Snapshot, expected: readonly string[] | false | undefined): unknown {
    const memo = snapshot.entry?.memo;
    if (memo?.json) return memo.json.value;
    const contentType = snapshot.headers.get('content-type');
    if (expected !== false && snapshot.bytes.byteLength > 0) {
      const accepted = expected ?? JSON_MEDIA_TYPES;
      if (!matchesMediaType(mediaType(contentType), accepted)) {
        throw new ContentTypeError({
          url: snapshot.finalUrl,
          expected: accepted,
          received: contentType ?? '',
        });
      }
    }
    const value = parseJsonBody(snapshot.bytes, contentType, snapshot.finalUrl);
    if (!memo) return value;
    const frozen = deepFreeze(value);
    // Only a body that passed the default media-type check may serve later calls without re-checking.
    if (expected === undefined) memo.json = { value: frozen };
    return frozen;
  }

  async function getJson<T>(input: string | URL, call: JsonCallOptions = {}): Promise<JsonResult<T>> {
    const started = performance.now();
    const snapshot = await bufferedGet(input, call, JSON_ACCEPT);
    const provenance = provenanceOf(snapshot, started);
    if (!isOk(snapshot.status)) throw statusError(snapshot, provenance);
    const data = jsonData(snapshot, call.expectedContentTypes) as T;
    return { data, status: snapshot.status, headers: snapshot.headers, provenance };
  }

  async function getText(input: string | URL, call: CallOptions = {}): Promise<TextResult> {
    const started = performance.now();
    const snapshot = await bufferedGet(input, call, 'text/*, */*;q=0.5');
    const provenance = provenanceOf(snapshot, started);
    if (!isOk(snapshot.status)) throw statusError(snapshot, provenance);
    const memo = snapshot.entry?.memo;
    const text = memo?.text ?? decodeText(snapshot.bytes, snapshot.headers.get('content-type'));
    if (memo) memo.text = text;
    return { text, status: snapshot.status, headers: snapshot.headers, provenance };
  }

  async function postJson<T>(input: string | URL, call: PostJsonOptions): Promise<JsonResult<T>> {
    const started = performance.now();
    const body = JSON.stringify(call.json);
    const snapshot = await bufferedCall(input, call, 'POST', JSON_ACCEPT, body, {
      'content-type': 'application/json',
    });
    const provenance = provenanceOf(snapshot, started);
    if (!isOk(snapshot.status)) throw statusError(snapshot, provenance);
    const data = jsonData(snapshot, call.expectedContentTypes) as T;
    return { data, status: snapshot.status, headers: snapshot.headers, provenance };
  }

  async function request(input: string | URL, call: RequestOptions = {}): Promise<BytesResult> {
    const started = performance.now();
    const method = (call.method ?? 'GET').toUpperCase();
    let body = call.body;
    let extra: Record<string, string> | undefined;
    if (call.json !== undefined) {
      body = JSON.stringify(call.json);
      extra = { 'content-type': 'application/json' };
    }
    const snapshot =
      method === 'GET' && body === undefined
        ? await bufferedGet(input, call, '*/*')
        : await bufferedCall(input, call, method, '*/*', body, extra);
    const provenance = provenanceOf(snapshot, started);
    if ((call.throwHttpErrors ?? true) && !isOk(snapshot.status)) throw statusError(snapshot, provenance);
    const contentType = snapshot.headers.get('content-type');
    return {
      status: snapshot.status,
      headers: snapshot.headers,
      provenance,
      body: snapshot.bytes,
      text: () => decodeText(snapshot.bytes, contentType),
      json: <J>() => parseJsonBody(snapshot.bytes, contentType, snapshot.finalUrl) as J,
    };
  }

  async function stream(input: string | URL, call: StreamOptions = {}): Promise<StreamResult> {
    const started = performance.now();
    const url = checkUrl(input, allowHttp);
    const signals = callerSignals(call);
    const method = (call.method ?? 'GET').toUpperCase();
    const headers = requestHeaders(call, '*/*');
    const limit = call.maxBodyBytes ?? options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    const ctx = context(url, call, method, headers, call.body, signals);
    let hop: Hop;
    try {
      hop = await send(ctx, async (answer) => answer);
      if (!isOk(hop.status)) {
        const excerpt = await readExcerpt(hop.body, 1024);
        const snapshot: Snapshot = {
          url: url.href,
          status: hop.status,
          headers: hop.headers,
          bytes: excerpt,
          sha256: '',
          finalUrl: hop.finalUrl,
          redirects: hop.redirects,
          fetchedAt: new Date().toISOString(),
          fromCache: false,
          revalidated: false,
          entry: undefined,
        };
        throw statusError(snapshot, provenanceOf(snapshot, started));
      }
      checkDeclaredLength(hop, limit, method);
    } catch (error) {
      ctx.deadline.clear();
      throw error;
    }
    const fetchedAt = new Date().toISOString();
    const { promise, resolve, reject } = withResolvers<HttpProvenance>();
    promise.catch(() => {});
    const final = hop;
    const body = cappedStream(hop.body, limit, hop.finalUrl, {
      mapError: (error) => explainFailure(ctx, error, final.finalUrl),
      settle: (result) => {
        ctx.deadline.clear();
        if ('error' in result) {
          reject(result.error);
          return;
        }
        resolve({
          url: url.href,
          finalUrl: final.finalUrl,
          redirects: final.redirects,
          status: final.status,
          contentType: final.headers.get('content-type') ?? '',
          bytes: result.bytes,
          sha256: result.sha256,
          fetchedAt,
          fromCache: false,
          revalidated: false,
          elapsedMs: performance.now() - started,
        });
      },
    });
    return {
      status: hop.status,
      headers: hop.headers,
      url: url.href,
      finalUrl: hop.finalUrl,
      redirects: [...hop.redirects],
      body,
      provenance: promise,
    };
  }

  let closing: Promise<void> | undefined;
  return {
    getJson,
    getText,
    postJson,
    request,
    stream,
    async resolveDestination(input, call = {}) {
      const href = typeof input === 'string' ? input : input.href;
      const deadline = new Deadline(
        href,
        call.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        callerSignals(call),
      );
      try {
        return await resolveDestination(input, { allowHttp, policy, lookup }, deadline);
      } finally {
        deadline.clear();
      }
    },
    allowsHttp: allowHttp,
    defaults: Object.freeze({
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    }),
    cache: memoryCache,
    cacheStore,
    close() {
      // Idempotent: owners often close in more than one place (a finally and a test's afterEach). Only a real
      // close is remembered: the transport is made on first use, possibly after an early close().
      if (dispatcher === undefined) return Promise.resolve();
      closing ??= dispatcher.close();
      return closing;
    },
  };
}

function withResolvers<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * A call that joined another's request still keeps its own deadline: it stops waiting with `TimeoutError`
 * when its `timeoutMs` passes, while the shared request carries on for the others.
 */
function waitAtMost<T>(promise: Promise<T>, timeoutMs: number, url: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new TimeoutError({ url, timeoutMs })), timeoutMs);
    timer.unref?.();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Waits for `promise`, but rejects with a signal's reason as soon as one of `signals` aborts. */
function raceSignals<T>(promise: Promise<T>, signals: readonly AbortSignal[]): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (event: Event) => {
      cleanup();
      reject((event.target as AbortSignal).reason);
    };
    const cleanup = () => {
      for (const signal of signals) signal.removeEventListener('abort', onAbort);
    };
    for (const signal of signals) signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        cleanup();
        resolve(value);
      },
      (error) => {
        cleanup();
        reject(error);
      },
    );
  });
}
