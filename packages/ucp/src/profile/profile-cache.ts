import type { UcpWarning } from '../ucp-warnings.js';
import type { BusinessProfile } from './profile-types.js';

/** A fetched profile, with what its read warned about. */
export interface CachedProfile {
  /** The profile. */
  profile: BusinessProfile;
  /** Warnings of its read. */
  warnings: UcpWarning[];
  /** The URL it was fetched from. */
  url: string;
  /** When it stops being fresh (epoch ms). */
  expiresAt: number;
}

/** Where fetched business profiles are kept (per URL). */
export interface ProfileCache {
  /** The fresh entry for `url`, if any. */
  get(url: string): CachedProfile | undefined;
  /** Stores an entry. */
  set(entry: CachedProfile): void;
}

/** Shortest time a profile is kept: the spec has profiles cacheable for at least 60 s. */
export const MIN_PROFILE_TTL_MS = 60_000;
/** Longest time a profile is kept, whatever its `max-age`. */
export const MAX_PROFILE_TTL_MS = 86_400_000;

/**
 * How long a profile fetched now may be kept: its `max-age` (or `s-maxage`), at least 60 s and at most a day;
 * `no-store` keeps it for nothing.
 */
export function profileTtlMs(directives: {
  maxAge: number | undefined;
  sMaxAge?: number | undefined;
  noStore: boolean;
}): number {
  if (directives.noStore) return 0;
  const seconds = directives.maxAge ?? directives.sMaxAge;
  const ms = seconds === undefined ? MIN_PROFILE_TTL_MS : seconds * 1000;
  return Math.min(MAX_PROFILE_TTL_MS, Math.max(MIN_PROFILE_TTL_MS, ms));
}

/** An in-memory profile cache of at most `maxEntries` URLs (oldest dropped first). */
export function createMemoryProfileCache(
  options: { maxEntries?: number; now?: () => number } = {},
): ProfileCache {
  const max = options.maxEntries ?? 1000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, CachedProfile>();
  return {
    get(url) {
      const entry = entries.get(url);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(url);
        return undefined;
      }
      return entry;
    },
    set(entry) {
      entries.delete(entry.url);
      entries.set(entry.url, entry);
      while (entries.size > max) {
        const oldest = entries.keys().next().value as string;
        entries.delete(oldest);
      }
    },
  };
}
