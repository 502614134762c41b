import { type HttpClient, isHttpStatusError, parseCacheControl } from '@agentweb/http';
import type { CachedCard, CardCache } from './card-cache.js';
import type { CardLocation } from './card-location.js';
import { readAgentCard } from './card-repair.js';

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

/** Lifetime the card response asks for: `null` when it must not be stored, `undefined` when it says nothing. */
function ttlOf(cacheControl: string | null): number | null | undefined {
  const directives = parseCacheControl(cacheControl);
  if (directives.noStore || directives.noCache) return null;
  return directives.maxAge === undefined ? undefined : directives.maxAge * 1000;
}

async function fetchOne(http: HttpClient, url: string, signal: AbortSignal | undefined) {
  const { data, headers } = await http.getJson(url, {
    // A 1.3.0 server answers the 1.0 card only when asked with the version header.
    headers: { 'a2a-version': '1.0' },
    ...(signal ? { signal } : {}),
  });
  return { data, ttlMs: ttlOf(headers.get('cache-control')), url };
}

async function fetchWithFallback(http: HttpClient, location: CardLocation, signal: AbortSignal | undefined) {
  try {
    return await fetchOne(http, location.primary, signal);
  } catch (error) {
    const gone = isHttpStatusError(error) && (error.status === 404 || error.status === 410);
    if (!gone || location.legacy === undefined) throw error;
    try {
      return await fetchOne(http, location.legacy, signal);
    } catch (legacyError) {
      // Neither path has a card: the error of the current path is the one that explains it.
      if (isHttpStatusError(legacyError) && (legacyError.status === 404 || legacyError.status === 410)) {
        throw error;
      }
      throw legacyError;
    }
  }
}

async function fetchCard(
  http: HttpClient,
  location: CardLocation,
  signal: AbortSignal | undefined,
): Promise<{ entry: CachedCard; ttlMs: number | null | undefined }> {
  const { data, ttlMs, url } = await fetchWithFallback(http, location, signal);
  // Validated once (leniently: a strict client re-validates the card as received when repairs were needed), then
  // frozen: clients sharing the entry cannot change what the others see.
  const read = readAgentCard(data, false);
  const entry: CachedCard = { card: deepFreeze(data), parsed: deepFreeze(read.parsed), url };
  return {
    entry: read.warnings.length > 0 ? { ...entry, warnings: deepFreeze(read.warnings) } : entry,
    ttlMs,
  };
}

/** Rejects with the signal's reason as soon as it aborts, without cancelling the shared work. */
function raceSignal<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * Fetches, validates and freezes the card at `location` (falling back to the legacy path on 404/410), through
 * `cache` when given. A cached fetch is shared by concurrent callers, so it runs under the HTTP client's own
 * deadline; one caller's `signal` only stops that caller's wait.
 */
export function loadCard(
  http: HttpClient,
  location: CardLocation,
  cache: CardCache | undefined,
  signal: AbortSignal | undefined,
): Promise<CachedCard> {
  if (!cache) return fetchCard(http, location, signal).then(({ entry }) => entry);
  return raceSignal(
    cache.getOrLoad(location.primary, () => fetchCard(http, location, undefined)),
    signal,
  );
}
