/** One deadline for a whole resolve run, combined with an outer abort signal. */
export interface RunDeadline {
  /** Aborts when the outer signal aborts or the deadline passes. */
  signal: AbortSignal;
  /** Milliseconds left (at least 1 while not expired, so it can be passed as a per-call timeout). */
  remaining(): number;
  /** True once the deadline (not the outer signal) fired. */
  expired(): boolean;
  /** Stops the timer. */
  clear(): void;
}

/** Starts a deadline of `timeoutMs` that also follows `outer`. */
export function startDeadline(timeoutMs: number, outer: AbortSignal): RunDeadline {
  const controller = new AbortController();
  const endsAt = performance.now() + timeoutMs;
  let fired = false;
  const timer = setTimeout(() => {
    fired = true;
    controller.abort(new DOMException(`resolve deadline of ${timeoutMs} ms passed`, 'TimeoutError'));
  }, timeoutMs);
  const onOuter = () => controller.abort(outer.reason);
  if (outer.aborted) onOuter();
  else outer.addEventListener('abort', onOuter, { once: true });
  return {
    signal: controller.signal,
    remaining: () => Math.max(1, Math.ceil(endsAt - performance.now())),
    expired: () => fired || performance.now() >= endsAt,
    clear() {
      clearTimeout(timer);
      outer.removeEventListener('abort', onOuter);
    },
  };
}
