/**
 * The longest delay `setTimeout` honours (2^31-1 ms, about 24.8 days). Node fires a longer one after 1 ms, so a
 * deadline past it would end a call at once; timer options are checked against it (`is.timerMs`, `is.delayMs`)
 * and the timers themselves clamp to it.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** `ms` as a delay `setTimeout` honours: at most {@link MAX_TIMER_MS}, at least 0 (`NaN` counts as 0). */
export function clampTimerMs(ms: number): number {
  if (!(ms > 0)) return 0;
  return Math.min(ms, MAX_TIMER_MS);
}
