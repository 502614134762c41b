import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { moduleEntry } from '@agentweb/core';
import { chunkCount, inputChunk } from './inputs.js';
import type { Outcome } from './outcome.js';
import type { FuzzTarget } from './target.js';
import { fuzzTargets } from './targets.js';

/** Options of {@link runFuzz}. */
export interface FuzzRunOptions {
  /** Generated inputs per target (default 1000). */
  runs?: number;
  /** Large hostile inputs per target that has them (default 20). */
  hostileRuns?: number;
  /** Seed of the generators; the same seed gives the same inputs (default: random, reported). */
  seed?: number;
  /** Only targets whose name contains one of these. */
  targets?: readonly string[];
  /** Longest one input may take before its worker is stopped and the input reported as a hang, in ms (default 2000, plus 8000 per MB: AGIS documents parse at up to 2 s per MB). */
  timeLimitMs?: number;
  /** Worker threads, each fuzzing one target at a time (default 2). */
  workers?: number;
  /** Heap of one worker in MB; an input that needs more is reported as `memory` (default 1024). */
  heapMb?: number;
  /**
   * Largest accepted time per MB of a large input, as a multiple of the target's real inputs (default 20). It
   * catches superlinear time, which at 1 MB is hundreds of times the real rate; the tighter figures (pages 5x)
   * are `pnpm bench`'s, where the baseline runs in the same process under the same load.
   */
  maxSlowdown?: number;
  /** Inputs smaller than this many bytes are not timed per MB (fixed costs dominate them; default 64 Ki). */
  minTimedBytes?: number;
  /** Where failing inputs and `summary.json` are written (default `reports/fuzz`). */
  outDir?: string;
  /** The targets (default: {@link fuzzTargets}); tests pass their own. */
  targetList?: readonly FuzzTarget[];
  /** Module whose `fuzzTargets()` the workers load (default: this package's); tests pass their own. */
  targetsModule?: string;
  /** Called after each target. */
  onTarget?: (report: TargetReport) => void;
}

/** A failing input, as written to `outDir`. */
export interface FuzzFailure {
  target: string;
  /** `untyped` error, a `typed` error from a function that must not throw, `hang`, `memory`, or `slow`. */
  kind: 'untyped' | 'typed' | 'hang' | 'memory' | 'slow';
  seed: number;
  /** Position of the input among the target's generated (or, `hostile:` prefixed, hostile) inputs. */
  index: string;
  detail: string;
  file: string;
}

/** What one target's run found. */
export interface TargetReport {
  name: string;
  inputs: number;
  ok: number;
  typed: number;
  untyped: number;
  hangs: number;
  memory: number;
  slow: number;
  /** Time per MB of the real inputs, in ms (undefined without real inputs). */
  baselineMsPerMb: number | undefined;
  /** Slowest time per MB among inputs of at least `minTimedBytes`, and that input's size. */
  slowestMsPerMb: number | undefined;
  slowestBytes: number | undefined;
  /** `slowestMsPerMb` / `baselineMsPerMb`. */
  slowestRatio: number | undefined;
  /** Longest single call, in ms. */
  maxMs: number;
  failures: FuzzFailure[];
}

/** The whole run. */
export interface FuzzReport {
  seed: number;
  targets: TargetReport[];
  /** True when no target had a failure. */
  ok: boolean;
}

type WorkerReply =
  | { type: 'ready' }
  | { type: 'baseline'; msPerMb: number | undefined }
  | { type: 'result'; index: number; outcome: Outcome; ms: number; bytes: number };

const MB = 1024 * 1024;

/** A worker bound to one target, restarted after a hang or a crash. */
class TargetWorker {
  #worker: Worker | undefined;
  #listener: ((reply: WorkerReply) => void) | undefined;
  #failure: ((reason: string) => void) | undefined;

  constructor(
    private readonly data: {
      target: string;
      targetsModule: string | undefined;
      seed: number;
      runs: number;
      hostileRuns: number;
    },
    private readonly heapMb: number,
  ) {}

  async start(): Promise<void> {
    const entry = moduleEntry(import.meta.url, 'fuzz-worker');
    const worker = new Worker(entry.url, {
      execArgv: entry.execArgv,
      workerData: this.data,
      resourceLimits: { maxOldGenerationSizeMb: this.heapMb },
    });
    this.#worker = worker;
    worker.on('message', (reply: WorkerReply) => this.#listener?.(reply));
    const fail = (reason: string) => this.#failure?.(reason);
    worker.on('error', (error) => fail(`${error.name}: ${error.message}`));
    worker.on('exit', (code) => fail(`worker exited with code ${code}`));
    await this.next(60_000);
  }

  /** The worker's next reply, or a rejection when it fails or `timeoutMs` passes first. */
  next(timeoutMs: number): Promise<WorkerReply> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#listener = undefined;
        this.#failure = undefined;
        reject(new Error('timeout'));
      }, timeoutMs);
      this.#listener = (reply) => {
        clearTimeout(timer);
        this.#listener = undefined;
        this.#failure = undefined;
        resolve(reply);
      };
      this.#failure = (reason) => {
        clearTimeout(timer);
        this.#listener = undefined;
        this.#failure = undefined;
        reject(new Error(reason));
      };
    });
  }

  send(message: unknown): void {
    this.#worker?.postMessage(message);
  }

  async stop(): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    this.#failure = undefined;
    this.#listener = undefined;
    worker?.removeAllListeners('exit');
    worker?.removeAllListeners('error');
    await worker?.terminate();
  }
}

/** The input as written to a failure file; one nested too deep for JSON is named, and rebuilt from seed and index. */
function serialisable(value: unknown): unknown {
  try {
    return JSON.parse(JSON.stringify(value) ?? 'null');
  } catch {
    return { unwritable: 'nested too deep for JSON: generate it again from the seed and index' };
  }
}

async function fuzzTarget(
  target: FuzzTarget,
  options: Required<Omit<FuzzRunOptions, 'targets' | 'targetList' | 'targetsModule' | 'onTarget'>> &
    Pick<FuzzRunOptions, 'targetsModule'>,
): Promise<TargetReport> {
  const report: TargetReport = {
    name: target.name,
    inputs: 0,
    ok: 0,
    typed: 0,
    untyped: 0,
    hangs: 0,
    memory: 0,
    slow: 0,
    baselineMsPerMb: undefined,
    slowestMsPerMb: undefined,
    slowestBytes: undefined,
    slowestRatio: undefined,
    maxMs: 0,
    failures: [],
  };
  const record = (kind: FuzzFailure['kind'], index: string, detail: string, input: unknown): void => {
    const safeName = target.name.replace(/[^A-Za-z0-9.+-]+/g, '_');
    const file = join(options.outDir, `${safeName}-${kind}-${options.seed}-${index.replace(':', '_')}.json`);
    mkdirSync(options.outDir, { recursive: true });
    writeFileSync(
      file,
      `${JSON.stringify({ target: target.name, kind, seed: options.seed, index, detail, input: serialisable(input) }, null, 2)}\n`,
    );
    report.failures.push({ target: target.name, kind, seed: options.seed, index, detail, file });
  };

  const worker = new TargetWorker(
    {
      target: target.name,
      targetsModule: options.targetsModule,
      seed: options.seed,
      runs: options.runs,
      hostileRuns: options.hostileRuns,
    },
    options.heapMb,
  );
  await worker.start();
  if (target.realInputs && target.hostile) {
    worker.send({ type: 'baseline' });
    const reply = await worker.next(300_000);
    if (reply.type === 'baseline') report.baselineMsPerMb = reply.msPerMb;
  }

  const timeOf = async (index: number, bytes: number): Promise<WorkerReply> => {
    worker.send({ type: 'run', index });
    const until = Date.now() + options.timeLimitMs + (8000 * bytes) / MB;
    // A reply to an earlier input (one that outlived its own limit) is not this input's.
    for (;;) {
      const reply = await worker.next(Math.max(1, until - Date.now()));
      if (reply.type !== 'result' || reply.index === index) return reply;
    }
  };

  const chunks = chunkCount(target, options.runs, options.hostileRuns);
  for (let chunk = 0; chunk < chunks; chunk++) {
    const inputs = inputChunk(target, options.seed, options.runs, options.hostileRuns, chunk);
    // The worker generates the same chunk before any input of it is timed.
    const prepare = async (): Promise<void> => {
      worker.send({ type: 'chunk', chunk });
      await worker.next(300_000);
    };
    await prepare();
    for (let i = 0; i < inputs.length; i++) {
      const { index, value } = inputs[i]!;
      const bytes = target.size(value);
      let reply: WorkerReply;
      try {
        reply = await timeOf(i, bytes);
      } catch (error) {
        const reason = (error as Error).message;
        const hang = reason === 'timeout';
        report.inputs++;
        if (hang) report.hangs++;
        else report.memory++;
        record(
          hang ? 'hang' : 'memory',
          index,
          hang ? `no answer within the time limit (${bytes} bytes)` : reason,
          value,
        );
        await worker.stop();
        await worker.start();
        await prepare();
        continue;
      }
      if (reply.type !== 'result') continue;
      report.inputs++;
      report.maxMs = Math.max(report.maxMs, reply.ms);
      const { outcome } = reply;
      if (outcome.kind === 'ok') report.ok++;
      else if (outcome.kind === 'typed') {
        report.typed++;
        if (target.neverThrows)
          record(
            'typed',
            index,
            `${outcome.error?.name} ${outcome.error?.code}: ${outcome.error?.message}`,
            value,
          );
      } else {
        report.untyped++;
        record('untyped', index, `${outcome.error?.name}: ${outcome.error?.message}`, value);
      }
      if (bytes >= (target.timedBytes ?? options.minTimedBytes)) {
        let rate = reply.ms / (bytes / MB);
        const baseline = report.baselineMsPerMb;
        // A busy machine makes single timings noisy: a slow-looking input is timed twice more, the best kept.
        if (baseline !== undefined && rate > options.maxSlowdown * baseline) {
          for (let again = 0; again < 2; again++) {
            const retry = await timeOf(i, bytes).catch(() => undefined);
            if (retry?.type === 'result') {
              rate = Math.min(rate, retry.ms / (bytes / MB));
              continue;
            }
            // The retry hung or killed the worker: start a fresh one, as for a first failure, and keep the rate.
            await worker.stop();
            await worker.start();
            await prepare();
            break;
          }
          if (rate > options.maxSlowdown * baseline) {
            report.slow++;
            record(
              'slow',
              index,
              `${rate.toFixed(1)} ms/MB, ${(rate / baseline).toFixed(1)}x the real inputs' ${baseline.toFixed(1)} ms/MB`,
              value,
            );
          }
        }
        if (report.slowestMsPerMb === undefined || rate > report.slowestMsPerMb) {
          report.slowestMsPerMb = rate;
          report.slowestBytes = bytes;
        }
      }
    }
  }
  await worker.stop();
  if (report.slowestMsPerMb !== undefined && report.baselineMsPerMb)
    report.slowestRatio = report.slowestMsPerMb / report.baselineMsPerMb;
  return report;
}

/**
 * Fuzzes every target: generated inputs (seeded, so a run can be repeated) and large hostile ones, each run in
 * a worker thread with a time limit and a heap cap. Reports per target the outcomes (an untyped error is a
 * failure, and so is any error from a function that must not throw), hangs, out-of-memory inputs, and the
 * slowest time per MB against the target's real inputs. Every failing input is written to `outDir`.
 */
export async function runFuzz(options: FuzzRunOptions = {}): Promise<FuzzReport> {
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const all = options.targetList ?? fuzzTargets();
  const wanted = options.targets;
  const targets =
    wanted && wanted.length > 0 ? all.filter((t) => wanted.some((w) => t.name.includes(w))) : all;
  const settings = {
    runs: options.runs ?? 1000,
    hostileRuns: options.hostileRuns ?? 20,
    seed,
    timeLimitMs: options.timeLimitMs ?? 2000,
    workers: Math.max(1, options.workers ?? 2),
    heapMb: options.heapMb ?? 1024,
    maxSlowdown: options.maxSlowdown ?? 20,
    minTimedBytes: options.minTimedBytes ?? 64 * 1024,
    outDir: options.outDir ?? 'reports/fuzz',
    targetsModule: options.targetsModule,
  };
  const reports: TargetReport[] = [];
  const queue = [...targets];
  await Promise.all(
    Array.from({ length: Math.min(settings.workers, queue.length) }, async () => {
      for (let target = queue.shift(); target; target = queue.shift()) {
        const report = await fuzzTarget(target, settings);
        reports.push(report);
        options.onTarget?.(report);
      }
    }),
  );
  reports.sort(
    (a, b) => targets.findIndex((t) => t.name === a.name) - targets.findIndex((t) => t.name === b.name),
  );
  const ok = reports.every((r) => r.failures.length === 0);
  mkdirSync(settings.outDir, { recursive: true });
  writeFileSync(
    join(settings.outDir, 'summary.json'),
    `${JSON.stringify({ seed, ok, targets: reports }, null, 2)}\n`,
  );
  return { seed, targets: reports, ok };
}
