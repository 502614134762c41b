import type { Readable } from 'node:stream';
import type { KyInstance } from 'ky';
import type { AddressPolicy } from './address-guard.js';
import type { Deadline } from './deadline.js';
import { sleep } from './deadline.js';
import { checkDestination, checkRequestShape } from './destination-guard.js';
import { isHttpError, NetworkError, RedirectPolicyError } from './errors.js';
import type { FetchFunction } from './guarded-fetch.js';
import type { RedirectMode } from './http-client-options.js';
import type { LookupFunction } from './lookup.js';
import type { ByteSource } from './read-body.js';
import type { ReadonlyHeaders } from './readonly-headers.js';
import { type RetryPolicy, retryDelay } from './retry-policy.js';
import type { DispatchFunction } from './undici-transport.js';

/**
 * With a caller-supplied `fetch`, ky builds the `Request` that fetch receives (a `Request` is that interface).
 * Its own retry, timeout and error throwing are off: retries need full jitter, a budget, `Retry-After` caps and
 * a whole-call deadline, and redirects must be checked hop by hop, which ky's options cannot express.
 */
let kyClient: Promise<KyInstance> | undefined;
// Imported on the first call through a caller's fetch: loading ky touches the global Request and streams, which
// makes Node load its bundled undici (tens of ms) for users who never pass a fetch.
function loadKy(): Promise<KyInstance> {
  kyClient ??= import('ky').then(({ default: ky }) =>
    ky.create({ retry: 0, timeout: false, throwHttpErrors: false, redirect: 'manual' }),
  );
  return kyClient;
}

/**
 * How requests leave the process for one call: the built-in guarded undici dispatch (no `Request` object at
 * all), or a `fetch` function driven through ky.
 */
export type Transport =
  | {
      /** Sends the prepared request directly. */
      dispatch: DispatchFunction;
      fetch?: undefined;
      /** Always true: the built-in dispatcher checks addresses at connect time. */
      guardsConnections: true;
    }
  | {
      dispatch?: undefined;
      /** The fetch ky hands its `Request` to. */
      fetch: FetchFunction;
      /** True when the fetch checks addresses at connect time, so names need no resolution beforehand. */
      guardsConnections: boolean;
    };

/** Everything one call needs, resolved from client and per-call options. */
export interface CallContext {
  /** The requested URL (already vetted). */
  url: URL;
  /** Uppercase method. */
  method: string;
  /** Lowercase request headers. */
  headers: Record<string, string>;
  /** Request body. */
  body: string | Uint8Array | undefined;
  redirect: RedirectMode;
  maxRedirects: number;
  allowHttp: boolean;
  policy: AddressPolicy;
  lookup: LookupFunction;
  transport: Transport;
  retry: RetryPolicy;
  /** Caller opted this (non-idempotent) call into retries. */
  idempotent: boolean;
  deadline: Deadline;
}

/** A final (non-redirect) response with its body not yet read. */
export interface Hop {
  status: number;
  headers: ReadonlyHeaders;
  body: ByteSource | null;
  finalUrl: string;
  redirects: string[];
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];
const BODY_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'content-location',
];

/** Releases a body that will not be read; small bodies are drained so the keep-alive socket survives. */
export function discardBody(body: ByteSource | null): void {
  if (!body) return;
  const node = body as Partial<Readable> & { dump?: (options: { limit: number }) => Promise<void> };
  if (typeof node.dump === 'function') node.dump({ limit: 64 * 1024 }).catch(() => {});
  else if (typeof node.destroy === 'function') node.destroy();
  else (body as ReadableStream).cancel().catch(() => {});
}

async function sendOnce(
  ctx: CallContext,
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | Uint8Array | undefined,
) {
  checkRequestShape(url, method, body, headers);
  const pending = checkDestination(url, ctx.policy, !ctx.transport.guardsConnections, ctx.lookup);
  if (pending) await pending;
  const { dispatch } = ctx.transport;
  if (dispatch) return dispatch({ url, method, headers, body, signal: ctx.deadline.signal });
  const ky = await loadKy();
  const response = await ky(url.href, {
    method,
    headers,
    body,
    signal: ctx.deadline.signal,
    fetch: ctx.transport.fetch,
  });
  return {
    status: response.status,
    headers: response.headers as ReadonlyHeaders,
    body: response.body as ByteSource | null,
  };
}

async function followRedirects(ctx: CallContext): Promise<Hop> {
  let url = ctx.url;
  let method = ctx.method;
  let headers = ctx.headers;
  let body = ctx.body;
  const redirects: string[] = [];
  for (;;) {
    const answer = await sendOnce(ctx, url, method, headers, body);
    const location = REDIRECT_STATUSES.has(answer.status) ? answer.headers.get('location') : null;
    if (location === null) return { ...answer, finalUrl: url.href, redirects };
    discardBody(answer.body);
    const next = nextHop(ctx, url, location, redirects);
    if (
      answer.status === 303
        ? method !== 'HEAD'
        : (answer.status === 301 || answer.status === 302) && method === 'POST'
    ) {
      method = 'GET';
      body = undefined;
      headers = withoutHeaders(headers, BODY_HEADERS);
    }
    if (next.origin !== url.origin) headers = withoutHeaders(headers, CREDENTIAL_HEADERS);
    redirects.push(url.href);
    url = next;
  }
}

function nextHop(ctx: CallContext, from: URL, location: string, redirects: readonly string[]): URL {
  const refuse = (reason: RedirectPolicyError['reason'], target: string, detail: string) =>
    new RedirectPolicyError({ url: from.href, location: target, reason, detail });
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw refuse('invalid-location', location, 'Location is not a valid URL');
  }
  next.hash = '';
  if (ctx.redirect === 'error') throw refuse('not-allowed', next.href, "redirect is 'error'");
  if (next.protocol !== 'https:' && next.protocol !== 'http:') {
    throw refuse('invalid-location', next.href, `${next.protocol} is not http(s)`);
  }
  if (next.protocol === 'http:' && !ctx.allowHttp) throw refuse('insecure', next.href, 'plain http is off');
  // A downgrade is refused even with allowHttp: an https URL is a promise the answer came over TLS.
  if (next.protocol === 'http:' && from.protocol === 'https:') {
    throw refuse('insecure', next.href, 'https to http downgrade');
  }
  if (next.username !== '' || next.password !== '') {
    throw refuse('invalid-location', next.href, 'credentials in URLs are refused');
  }
  if (ctx.redirect === 'same-origin' && next.origin !== ctx.url.origin) {
    throw refuse('cross-origin', next.href, `leaves ${ctx.url.origin}`);
  }
  if (next.href === from.href || redirects.includes(next.href))
    throw refuse('loop', next.href, 'redirect loop');
  if (redirects.length >= ctx.maxRedirects)
    throw refuse('too-many', next.href, `more than ${ctx.maxRedirects} redirects`);
  return next;
}

function withoutHeaders(headers: Record<string, string>, names: readonly string[]): Record<string, string> {
  const copy = { ...headers };
  for (const name of names) delete copy[name];
  return copy;
}

/** Finds an error of this package in `error` or its `cause` chain (undici's fetch wraps connect errors). */
function ownError(error: unknown): unknown {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    if (isHttpError(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Maps any failure of a call to what the caller sees: caller abort reason, `TimeoutError`, ours, or `NetworkError`. */
export function explainFailure(ctx: CallContext, error: unknown, url: string = ctx.url.href): unknown {
  // Checked by state, not by comparing errors: undici rejects with the abort reason itself, which is the
  // caller's own error object when the caller aborted.
  const explained = ctx.deadline.explain(url);
  if (explained !== undefined) return explained;
  return ownError(error) ?? new NetworkError({ url, cause: error });
}

function notify(policy: RetryPolicy, event: Parameters<NonNullable<RetryPolicy['onRetry']>>[0]): void {
  try {
    policy.onRetry?.(event);
  } catch {
    // A throwing listener must not change the outcome of the request.
  }
}

/**
 * Runs the call: redirects hop by hop, retries with backoff inside the deadline, then `consume` on the final
 * response. `consume` runs inside the attempt, so a body that breaks mid-way is retried like a reset.
 */
export async function send<T>(ctx: CallContext, consume: (hop: Hop) => Promise<T>): Promise<T> {
  const policy = ctx.retry;
  const retryable = policy.limit > 0 && (ctx.idempotent || policy.methods.has(ctx.method));
  let retries = 0;
  let waited = 0;
  const fits = (delayMs: number) => waited + delayMs <= policy.budgetMs && delayMs < ctx.deadline.remaining();
  for (;;) {
    let hop: Hop | undefined;
    try {
      hop = await followRedirects(ctx);
      if (retryable && retries < policy.limit && policy.statusCodes.has(hop.status)) {
        const { delayMs, fromRetryAfter } = retryDelay(policy, retries + 1, hop.headers.get('retry-after'));
        if (fits(delayMs)) {
          discardBody(hop.body);
          retries++;
          waited += delayMs;
          notify(policy, {
            url: ctx.url.href,
            method: ctx.method,
            retry: retries,
            delayMs,
            status: hop.status,
            fromRetryAfter,
          });
          await sleep(delayMs, ctx.deadline.signal);
          continue;
        }
      }
      return await consume(hop);
    } catch (error) {
      const failure = explainFailure(ctx, error, hop?.finalUrl);
      if (
        !retryable ||
        retries >= policy.limit ||
        !policy.retryOnNetworkError ||
        !(failure instanceof NetworkError)
      ) {
        throw failure;
      }
      const { delayMs } = retryDelay(policy, retries + 1, null);
      if (!fits(delayMs)) throw failure;
      retries++;
      waited += delayMs;
      notify(policy, {
        url: ctx.url.href,
        method: ctx.method,
        retry: retries,
        delayMs,
        error: failure,
        fromRetryAfter: false,
      });
      try {
        await sleep(delayMs, ctx.deadline.signal);
      } catch (sleepError) {
        throw explainFailure(ctx, sleepError);
      }
    }
  }
}
