/** Exponential backoff with full jitter: uniform in [0, min(maxMs, baseMs * 2^(attempt-1))). */
export function jitteredBackoff(attempt: number, baseMs: number, maxMs: number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(Math.random() * ceiling);
}
