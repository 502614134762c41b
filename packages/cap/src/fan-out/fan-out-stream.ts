import { setMaxListeners } from 'node:events';
import {
  type AgentWebError,
  checkOptions,
  clampTimerMs,
  is,
  isAgentWebError,
  isPromiseLike,
  isStateStoreError,
  raceAbort,
  withholdUrlSecrets,
} from '@agentweb/core';
import pLimit, { type LimitFunction } from 'p-limit';
import { isCircuitOpenError } from '../backoff/circuit-open-error.js';
import { isContextStoreError } from '../context/context-store-errors.js';
import { assertNoPii } from '../filter/index.js';
import { rateLimitOf } from '../merchant/classify.js';
import type { MerchantClient } from '../merchant/merchant-types.js';
import { CapInputError } from '../schemas/errors.js';
import { issuesOf } from '../schemas/issues.js';
import { ProductSearchInputSchema } from '../schemas/product-search.js';
import { CAP_SKILLS } from '../schemas/skill-ids.js';
import type { CapWarning } from '../schemas/warnings.js';
import { FanOutInterruptedError, UnexpectedFanOutError } from './fan-out-errors.js';
import type { FanOutChunk, FanOutProduct, FanOutSearchOptions, MerchantOutcome } from './fan-out-types.js';
import { productGtin } from './gtin.js';
import { merchantHostKey } from './merchant-host.js';
import { type CachedSearchPage, searchCacheKey } from './search-cache.js';

const DEADLINE_REASON = 'agentweb:fan-out-deadline';
/**
 * Merchants in flight at once across all hosts. Generous on purpose: a fan-out to up to 100 merchants on distinct
 * hosts must never wait for a local slot (a queued merchant's latency adds to the whole search's), while a
 * 1,000-merchant fan-out still holds a bounded number of sockets.
 */
export const DEFAULT_FAN_OUT_CONCURRENCY = 128;
/**
 * Merchants in flight at once on one host (`host:port` of the endpoint the merchant's A2A client calls), to be
 * polite to platforms.
 */
export const DEFAULT_PER_HOST_CONCURRENCY = 8;

interface Settings {
  query: string;
  queryMode: 'keyword' | 'phrase' | undefined;
  filter: string | undefined;
  limit: number;
  pages: number;
  concurrency: number;
  perHostConcurrency: number;
  deadlineMs: number;
}

function positiveInt(
  value: number | undefined,
  fallback: number,
  name: string,
  issues: { path: string; message: string }[],
): number {
  const v = value ?? fallback;
  if (!Number.isInteger(v) || v < 1)
    issues.push({ path: name, message: `${name} must be a positive integer` });
  return v;
}

const MERCHANT = {
  ...is.methods('productSearch', 'canCall', 'currentContextId'),
  expected: 'a merchant client (from createMerchantClient)',
};

/**
 * Validates the options before any merchant is called: `InvalidOptionError` for options of the wrong type,
 * `CapInputError` for search fields and numbers out of range, `PiiRefusedError` for personal data.
 */
function settingsOf(options: FanOutSearchOptions, callee: string): Settings {
  checkOptions(
    callee,
    options,
    {
      signal: is.signal,
      cache: {
        ...is.methods('get', 'set'),
        expected: 'a search cache (from createSearchCache or createRedisSearchCache)',
      },
      locale: is.string,
      personalise: is.boolean,
      requireContext: is.boolean,
      allowPii: is.boolean,
    },
    { optionsRequired: true },
  );
  const search = ProductSearchInputSchema.safeParse({
    query: options.query,
    ...(options.queryMode ? { queryMode: options.queryMode } : {}),
    ...(options.filter !== undefined ? { filter: options.filter } : {}),
    limit: options.limit ?? 10,
  });
  const issues = search.success ? [] : issuesOf(search.error);
  const pages = positiveInt(options.pages, 1, 'pages', issues);
  const concurrency = positiveInt(options.concurrency, DEFAULT_FAN_OUT_CONCURRENCY, 'concurrency', issues);
  const perHostConcurrency = positiveInt(
    options.perHostConcurrency,
    DEFAULT_PER_HOST_CONCURRENCY,
    'perHostConcurrency',
    issues,
  );
  const deadlineMs = options.deadlineMs ?? 5000;
  if (!(deadlineMs > 0) || !Number.isFinite(deadlineMs))
    issues.push({ path: 'deadlineMs', message: 'deadlineMs must be a positive number' });
  if (!Array.isArray(options.merchants))
    issues.push({ path: 'merchants', message: 'merchants must be an array' });
  if (issues.length > 0 || !search.success)
    throw new CapInputError({ skillId: CAP_SKILLS.productSearch, issues });
  checkOptions(callee, options, { merchants: is.arrayOf(MERCHANT) });
  assertNoPii(search.data.query, { field: 'query', allowPii: options.allowPii ?? false });
  assertNoPii(search.data.filter, { field: 'filter', allowPii: options.allowPii ?? false });
  return {
    query: search.data.query,
    queryMode: search.data.queryMode,
    filter: search.data.filter,
    limit: search.data.limit ?? 10,
    pages,
    concurrency,
    perHostConcurrency,
    // A deadline past the longest timer waits that long rather than firing at once.
    deadlineMs: clampTimerMs(deadlineMs),
  };
}

/**
 * Searches every merchant at once and yields each merchant's results as soon as they are complete (pages
 * included), in completion order; exactly one chunk per merchant. Calls go through two p-limit pools, one per
 * host (`perHostConcurrency`) inside one for the whole fan-out (`concurrency`); at the deadline, calls in flight
 * are aborted (and abandoned even if the merchant ignores the abort), merchants not yet started are reported as `skipped`, and the stream ends.
 */
export function fanOutSearchStream(
  options: FanOutSearchOptions,
): AsyncGenerator<FanOutChunk, void, undefined> {
  return runFanOut(options, 'fanOutSearchStream');
}

/** The fan-out behind both entry points; `callee` names the one the caller used in option errors. */
export async function* runFanOut(
  options: FanOutSearchOptions,
  callee: string,
): AsyncGenerator<FanOutChunk, void, undefined> {
  const settings = settingsOf(options, callee);
  // A copy taken once checked: the loop below counts on exactly one chunk per merchant, which a caller adding to
  // (or emptying) its array mid-search would break, leaving the stream waiting for a chunk no merchant sends.
  const merchants = [...options.merchants];
  const started = performance.now();
  const controller = new AbortController();
  // Every in-flight merchant call listens on this one signal; with a wide pool that is legitimately more than
  // Node's default of 10 listeners, and each listener is removed when its call settles.
  setMaxListeners(0, controller.signal);
  const deadline = setTimeout(
    () => controller.abort(new DOMException(DEADLINE_REASON, 'TimeoutError')),
    settings.deadlineMs,
  );
  const onOuterAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) onOuterAbort();
  else options.signal?.addEventListener('abort', onOuterAbort, { once: true });

  const ready: FanOutChunk[] = [];
  let wake: (() => void) | undefined;
  const limit = pLimit(settings.concurrency);
  const hostLimits = new Map<string, LimitFunction>();
  // The host pool is entered first, so a merchant waiting for its host never holds one of the global slots.
  const schedule = <T>(merchant: MerchantClient, task: () => Promise<T>): Promise<T> => {
    const host = merchantHostKey(merchant);
    let hostLimit = hostLimits.get(host);
    if (hostLimit === undefined) {
      hostLimit = pLimit(settings.perHostConcurrency);
      hostLimits.set(host, hostLimit);
    }
    return hostLimit(() => limit(task));
  };
  const elapsed = () => performance.now() - started;
  const cacheBudget = () => (settings.deadlineMs - elapsed()) / 2;

  const push = (chunk: FanOutChunk) => {
    ready.push(chunk);
    wake?.();
  };

  const runMerchant = async (merchant: MerchantClient, index: number): Promise<FanOutChunk> => {
    const products: FanOutProduct[] = [];
    const warnings: CapWarning[] = [];
    const outcome: MerchantOutcome = {
      merchantId: merchant.merchantId,
      agentCardUrl: merchant.agentCardUrl,
      status: 'ok',
      products: 0,
      pages: 0,
      cachedPages: 0,
      personalised: false,
      elapsedMs: 0,
      warnings,
    };
    const startedAt = elapsed();
    const done = (patch: Partial<MerchantOutcome>): FanOutChunk => {
      Object.assign(outcome, patch);
      outcome.products = products.length;
      outcome.elapsedMs = Math.max(0, elapsed() - startedAt);
      return { index, products, outcome };
    };
    const signal = controller.signal;
    if (signal.aborted) return done({ status: 'skipped', reason: abortReason(signal) });
    const availability = merchant.canCall(CAP_SKILLS.productSearch);
    if (!availability.ok) return done({ status: 'skipped', reason: availability.reason });
    // A backoff shared with other instances (Redis) may have been paused or opened elsewhere; without this the
    // merchant would sit out the whole deadline in a wait instead of being reported at once.
    if (typeof merchant.backoff.refresh === 'function') await refreshBackoff(merchant, signal);
    if (merchant.backoff.state === 'open') return done({ status: 'skipped', reason: 'circuit-open' });
    const remaining = settings.deadlineMs - elapsed();
    if (merchant.backoff.waitMs > remaining) return done({ status: 'rate-limited', reason: 'rate-limited' });
    outcome.startedAtMs = startedAt;
    let personalise = options.personalise ?? true;
    try {
      let contextId: string | undefined;
      if (personalise) {
        try {
          contextId = await raceAbort(merchant.currentContextId(), signal);
        } catch (error) {
          // A context store that cannot be read (Redis down) costs personalisation, not the search: the merchant is
          // searched anonymously, as with `personalise: false`, unless the caller needs the user's context.
          if (signal.aborted || options.requireContext === true || !isStoreUnavailable(error)) throw error;
          personalise = false;
          warnings.push(contextWarning(error));
        }
      }
      outcome.personalised = contextId !== undefined;
      // `phrase` is optional for merchants (only `keyword` is mandatory); one that does not advertise it gets the
      // query as keywords, and the outcome says so.
      const phraseUnsupported =
        settings.queryMode === 'phrase' && !(merchant.profile.cap?.queryModes.includes('phrase') ?? false);
      const queryMode = phraseUnsupported ? 'keyword' : settings.queryMode;
      if (phraseUnsupported) {
        warnings.push({
          code: 'query-mode-fallback',
          path: 'queryMode',
          message: 'the merchant does not advertise phrase search; sent as keyword',
        });
      }
      for (let page = 0; page < settings.pages; page += 1) {
        const offset = page * settings.limit;
        const key = searchCacheKey({
          merchantId: merchant.merchantId,
          partition: merchant.cachePartition,
          query: settings.query,
          ...(queryMode ? { queryMode } : {}),
          ...(settings.filter !== undefined ? { filter: settings.filter } : {}),
          limit: settings.limit,
          offset,
          ...(options.locale ? { locale: options.locale } : {}),
        });
        // Personalised results are never read from or written to the shared cache; authenticated ones are shared
        // only within the user's partition (part of the key).
        const cache = outcome.personalised ? undefined : options.cache;
        let found = cache?.get(key);
        // Only a shared store answers asynchronously; the in-memory cache is read without an extra turn.
        if (isPromiseLike(found)) found = await awaitShared(found, 'read', signal, cacheBudget(), warnings);
        let pageResult = found as CachedSearchPage | undefined;
        if (pageResult) outcome.cachedPages += 1;
        else {
          const result = await raceAbort(
            merchant.productSearch(
              {
                query: settings.query,
                ...(queryMode ? { queryMode } : {}),
                ...(settings.filter !== undefined ? { filter: settings.filter } : {}),
                limit: settings.limit,
                offset,
              },
              { signal, personalise, ...(options.allowPii ? { allowPii: true } : {}) },
            ),
            signal,
          );
          pageResult = { output: result.output, warnings: result.warnings };
          if (result.personalised) outcome.personalised = true;
          else {
            const written = cache?.set(key, pageResult);
            if (isPromiseLike(written)) await awaitShared(written, 'write', signal, cacheBudget(), warnings);
          }
        }
        outcome.pages += 1;
        outcome.totalResults = pageResult.output.totalResults;
        warnings.push(...pageResult.warnings);
        // A merchant may send more than the page size asked for; keeping only `limit` per page bounds the memory
        // one merchant can take (limit x pages) and keeps the next page's offset consistent.
        let pageProducts = pageResult.output.products;
        if (pageProducts.length > settings.limit) {
          warnings.push({
            code: 'page-truncated',
            path: 'products',
            message: `${pageProducts.length} products for a page of ${settings.limit}; kept the first ${settings.limit}`,
          });
          pageProducts = pageProducts.slice(0, settings.limit);
        }
        for (const product of pageProducts) {
          products.push({
            merchantId: merchant.merchantId,
            agentCardUrl: merchant.agentCardUrl,
            product,
            rank: products.length,
            page,
            gtin: productGtin(product),
            alsoFrom: [],
          });
        }
        const received = pageProducts.length;
        if (
          received === 0 ||
          received < settings.limit ||
          offset + received >= pageResult.output.totalResults
        )
          break;
      }
      return done({ status: 'ok' });
    } catch (error) {
      if (signal.aborted) {
        const reason = abortReason(signal);
        return done({
          status: reason === 'deadline' ? 'timeout' : 'error',
          reason,
          error: new FanOutInterruptedError({
            merchantId: merchant.merchantId,
            reason,
            deadlineMs: settings.deadlineMs,
            cause: error,
          }),
        });
      }
      const typed = typedError(error, merchant.merchantId);
      if (rateLimitOf(typed)) return done({ status: 'rate-limited', reason: 'rate-limited', error: typed });
      if (isCircuitOpenError(typed)) return done({ status: 'skipped', reason: 'circuit-open', error: typed });
      return done({ status: 'error', reason: typed.code, error: typed });
    }
  };

  merchants.forEach((merchant, index) => {
    schedule(merchant, () => runMerchant(merchant, index)).then(push, (thrown: unknown) => {
      // runMerchant catches everything; this only guards against a throwing merchant getter.
      const merchantId = String(merchant?.merchantId);
      const error = typedError(thrown, merchantId);
      push({
        index,
        products: [],
        outcome: {
          merchantId,
          agentCardUrl: undefined,
          status: 'error',
          reason: error.code,
          error,
          products: 0,
          pages: 0,
          cachedPages: 0,
          personalised: false,
          elapsedMs: 0,
          warnings: [],
        },
      });
    });
  });

  try {
    for (let delivered = 0; delivered < merchants.length; ) {
      const chunk = ready.shift();
      if (chunk) {
        delivered += 1;
        yield chunk;
        continue;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = undefined;
    }
  } finally {
    clearTimeout(deadline);
    options.signal?.removeEventListener('abort', onOuterAbort);
    // A consumer that stops early must not leave calls running.
    if (!controller.signal.aborted)
      controller.abort(new DOMException('fan-out consumer stopped', 'AbortError'));
    limit.clearQueue();
    for (const hostLimit of hostLimits.values()) hostLimit.clearQueue();
  }
}

/**
 * Waits for a shared cache's answer for at most `budgetMs` (half of what is left of the fan-out's deadline, so a
 * slow store still leaves the merchant call the other half) and never past an abort. A store that fails or runs
 * out of time is reported in `warnings` and counts as a miss (or an unshared page); only the fan-out's own abort
 * or deadline throws, as it would end a merchant call.
 */
async function awaitShared<T>(
  pending: PromiseLike<T>,
  what: 'read' | 'write',
  signal: AbortSignal,
  budgetMs: number,
  warnings: CapWarning[],
): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof LATE>((resolve) => {
    timer = setTimeout(() => resolve(LATE), Math.max(0, budgetMs));
  });
  try {
    const settled = await raceAbort(
      Promise.race([Promise.resolve(pending).then((value) => ({ value })), late]),
      signal,
    );
    if (settled !== LATE) return settled.value;
    warnings.push(cacheWarning(what, `no answer within ${Math.round(budgetMs)} ms`));
  } catch (error) {
    if (signal.aborted) {
      if (what === 'read') throw error;
      return undefined;
    }
    warnings.push(cacheWarning(what, error instanceof Error ? error.message : String(error)));
  } finally {
    clearTimeout(timer);
  }
  return undefined;
}

const LATE = Symbol('late');

function cacheWarning(what: 'read' | 'write', why: string): CapWarning {
  const reason = withholdUrlSecrets(why).slice(0, 300);
  return {
    code: 'cache-unavailable',
    path: 'cache',
    message:
      what === 'read'
        ? `the search cache could not be read (${reason}); the merchant was searched directly`
        : `the search cache could not be written (${reason}); the page was not shared`,
  };
}

/**
 * A store that could not be reached (`StateStoreError`: Redis down, slow or full) or read (a file store's I/O
 * error), as opposed to a store that is broken (a bug, a corrupt file), which stays an `error` outcome.
 */
function isStoreUnavailable(error: unknown): boolean {
  return isStateStoreError(error) || (isContextStoreError(error) && error.code === 'CAP_CONTEXT_STORE_IO');
}

function contextWarning(error: unknown): CapWarning {
  const reason = withholdUrlSecrets(error instanceof Error ? error.message : String(error)).slice(0, 300);
  return {
    code: 'context-unavailable',
    path: 'context',
    message: `the user's context could not be read (${reason}); the merchant was searched anonymously`,
  };
}

/** Refreshes a shared backoff's view within the search's signal; a refresh that fails changes nothing. */
async function refreshBackoff(merchant: MerchantClient, signal: AbortSignal): Promise<void> {
  try {
    await raceAbort(merchant.backoff.refresh?.({ signal }) ?? Promise.resolve(), signal);
  } catch {
    // The backoff's own run() still decides; a stale view only costs a wait or a refused call.
  }
}

/** AgentWeb errors as they are; anything else wrapped, so every outcome's error has a code and a JSON form. */
function typedError(error: unknown, merchantId: string): AgentWebError {
  return isAgentWebError(error) ? error : new UnexpectedFanOutError({ merchantId, cause: error });
}

function abortReason(signal: AbortSignal): 'deadline' | 'aborted' {
  const reason: unknown = signal.reason;
  return reason instanceof DOMException && reason.message === DEADLINE_REASON ? 'deadline' : 'aborted';
}

/** True when the fan-out's own deadline caused the abort. */
export function isFanOutDeadline(reason: unknown): boolean {
  return reason instanceof DOMException && reason.message === DEADLINE_REASON;
}
