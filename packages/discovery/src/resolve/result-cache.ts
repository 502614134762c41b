import { LRUCache } from 'lru-cache';
import { configError } from '../common/config-error.js';
import type { ResolveResult, ResolverCacheOptions } from './resolver-options.js';
import type { TraceEntry } from './trace.js';

/** A cached success or failure. */
export type CachedResolution =
  | { ok: true; result: ResolveResult }
  | { ok: false; target: string; trace: readonly TraceEntry[] };

/** Resolved cache settings. */
export interface CacheSettings {
  clock: { now(): number } | undefined;
  maxEntries: number;
  defaultTtlSeconds: number;
  minTtlSeconds: number;
  maxTtlSeconds: number;
  negativeTtlSeconds: number;
}

/** Fills in the defaults of {@link ResolverCacheOptions}. */
export function cacheSettings(options: ResolverCacheOptions = {}): CacheSettings {
  const limits = {
    maxEntries: options.maxEntries ?? 10_000,
    defaultTtlSeconds: options.defaultTtlSeconds ?? 300,
    minTtlSeconds: options.minTtlSeconds ?? 30,
    maxTtlSeconds: options.maxTtlSeconds ?? 3600,
    negativeTtlSeconds: options.negativeTtlSeconds ?? 60,
  };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isFinite(value) || value < 0)
      throw configError('DISCOVERY_CONFIG_INVALID', `cache.${name} must be a finite number >= 0`);
  }
  if (limits.maxEntries < 1)
    throw configError('DISCOVERY_CONFIG_INVALID', 'cache.maxEntries must be at least 1');
  return { ...limits, clock: options.clock };
}

/** The TTL a result is kept for: the granted TTL (or the default), clamped. */
export function clampTtl(granted: number | undefined, settings: CacheSettings): number {
  const ttl = granted ?? settings.defaultTtlSeconds;
  return Math.min(settings.maxTtlSeconds, Math.max(settings.minTtlSeconds, ttl));
}

/** A size- and TTL-bounded store of resolutions. */
export class ResultCache {
  private readonly lru: LRUCache<string, CachedResolution>;

  constructor(readonly settings: CacheSettings) {
    this.lru = new LRUCache({
      max: settings.maxEntries,
      ttlAutopurge: false,
      allowStale: false,
      ...(settings.clock ? { perf: settings.clock, ttlResolution: 0 } : {}),
    });
  }

  get(key: string): CachedResolution | undefined {
    return this.lru.get(key);
  }

  set(key: string, value: CachedResolution, ttlSeconds: number): void {
    if (ttlSeconds <= 0) return;
    this.lru.set(key, value, { ttl: ttlSeconds * 1000 });
  }

  clear(): void {
    this.lru.clear();
  }
}
