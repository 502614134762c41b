/** Largest TTL RFC 2181 §8 allows; values with the top bit set are to be read as 0. */
const MAX_TTL = 2_147_483_647;

/** A wire TTL made safe: non-numbers and values over 2^31-1 count as 0 (RFC 2181 §8). */
export function sanitizeTtl(ttl: number | undefined): number {
  if (typeof ttl !== 'number' || !Number.isFinite(ttl) || ttl < 0 || ttl > MAX_TTL) return 0;
  return Math.floor(ttl);
}

/** The smallest of the TTLs, compared as numbers (a lexicographic sort would pick 300 over 60). */
export function minTtl(ttls: readonly number[]): number | undefined {
  let min: number | undefined;
  for (const ttl of ttls) {
    const safe = sanitizeTtl(ttl);
    if (min === undefined || safe < min) min = safe;
  }
  return min;
}

/** `ttl` kept within `[min, max]`. */
export function clampTtl(ttl: number, min: number, max: number): number {
  return Math.min(Math.max(ttl, min), max);
}
