import { classifyFailure } from './classify-failure.js';
import type { RunDeadline } from './run-deadline.js';
import type { TraceEntry, TraceMechanism, TraceOutcome } from './trace.js';

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

  /** Records a step that cannot run, saying why. */
  skip(mechanism: TraceMechanism, target: string, reason: string): void {
    this.record({ mechanism, target, outcome: 'skipped', elapsedMs: 0, reason });
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

/** The trace outcome of a DNS answer: `answer` is a `pointer` when it gave a URL, else `no-usable-record`. */
export function dnsOutcome(outcome: string, url: string | undefined): TraceOutcome {
  switch (outcome) {
    case 'answer':
      return url === undefined ? 'no-usable-record' : 'pointer';
    case 'nxdomain':
    case 'nodata':
    case 'servfail':
    case 'timeout':
      return outcome;
    case 'refused':
      return 'dns-refused';
    default:
      return 'error';
  }
}

/** The smaller of two optional TTLs. */
export function minTtl(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.min(a, b);
}
