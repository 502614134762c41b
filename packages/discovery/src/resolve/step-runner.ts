import { classifyFailure } from './classify-failure.js';
import type { RunDeadline } from './run-deadline.js';
import type { TraceEntry, TraceMechanism } from './trace.js';

/** Times steps, and turns the deadline into `skipped` / `timeout` entries. */
export class StepRunner {
  constructor(
    private readonly trace: TraceEntry[],
    private readonly deadline: RunDeadline,
  ) {}

  /** False (after recording a skip) when the deadline has already passed. */
  canRun(mechanism: TraceMechanism, target: string): boolean {
    if (!this.deadline.expired()) return true;
    this.record({
      mechanism,
      target,
      outcome: 'skipped',
      elapsedMs: 0,
      reason: 'the resolve deadline passed',
    });
    return false;
  }

  record(entry: TraceEntry): void {
    this.trace.push(entry);
  }

  /** Records a failure, rethrowing caller aborts so they end the run. */
  fail(mechanism: TraceMechanism, target: string, started: number, error: unknown): void {
    if (this.deadline.signal.aborted && !this.deadline.expired()) throw this.deadline.signal.reason;
    const fields = classifyFailure(error, this.deadline.expired());
    this.record({ mechanism, target, elapsedMs: elapsed(started), ...fields });
  }
}

/** Milliseconds since `started`, rounded to 0.01. */
export function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 100) / 100;
}
