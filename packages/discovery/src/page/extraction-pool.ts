import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { AgentWebError, checkOptions, createErrorGuard, is, moduleEntry } from '@agentweb/core';
import { type ExtractProductIdsOptions, extractProductIds } from './extract-product-ids.js';
import type { ProductIdExtraction } from './product-types.js';

/** Why a page could not be read in the pool. */
export type ExtractionPoolErrorCode =
  | 'EXTRACTION_TIMEOUT'
  | 'EXTRACTION_WORKER_FAILED'
  | 'EXTRACTION_POOL_CLOSED';

/** A page the extraction pool could not read: too slow, a worker that died (e.g. out of memory), or a closed pool. */
export class ExtractionPoolError extends AgentWebError {
  constructor(code: ExtractionPoolErrorCode, message: string, cause?: unknown) {
    super({ code, message, cause });
    this.name = 'ExtractionPoolError';
  }
}

/** True when `error` is an {@link ExtractionPoolError} from any copy of the package. */
export const isExtractionPoolError = createErrorGuard<ExtractionPoolError>('ExtractionPoolError');

/** Options of {@link createExtractionPool}. */
export interface ExtractionPoolOptions {
  /** Worker threads (default: the cores less one, at least 1, at most 4). */
  size?: number;
  /**
   * Longest one page may take in a worker, in ms (default 10 000). Past it the worker is stopped (and replaced
   * when needed) and the call rejects with `EXTRACTION_TIMEOUT`.
   */
  timeoutMs?: number;
  /** Heap of one worker, in MB (default 512); a page that needs more rejects with `EXTRACTION_WORKER_FAILED`. */
  maxHeapMb?: number;
  /** A worker idle this long (ms, default 30 000) exits; the next page starts one again. */
  idleTimeoutMs?: number;
}

/** Per-call options of {@link ExtractionPool.extract}. */
export interface PoolExtractOptions extends ExtractProductIdsOptions {
  /** Cancels the call: a queued page is dropped, a running one stops its worker. Rejects with `signal.reason`. */
  signal?: AbortSignal;
}

/** Worker threads that run `extractProductIds`, so a large page does not hold the event loop. */
export interface ExtractionPool {
  /** Reads a page in a worker; the result is what `extractProductIds` returns. */
  extract(html: string, options?: PoolExtractOptions): Promise<ProductIdExtraction>;
  /** Stops every worker; pending and later calls reject with `EXTRACTION_POOL_CLOSED`. */
  close(): Promise<void>;
  /** Most workers running at once. */
  readonly size: number;
}

/**
 * Pages at least this many characters long are read in the pool by {@link extractProductIdsOffThread}
 * (256 Ki). Below, a page takes about a millisecond on the event loop: less than handing it to a thread.
 */
export const DEFAULT_OFF_THREAD_CHARS = 256 * 1024;

interface Task {
  html: string;
  baseUrl: string | undefined;
  signal: AbortSignal | undefined;
  resolve(result: ProductIdExtraction): void;
  reject(error: unknown): void;
  onAbort?: () => void;
}

interface PoolWorker {
  worker: Worker;
  task: Task | undefined;
  timer: ReturnType<typeof setTimeout> | undefined;
  idleTimer: ReturnType<typeof setTimeout> | undefined;
}

/** Reply of the worker script. */
export type ExtractionReply = { ok: true; result: ProductIdExtraction } | { ok: false; message: string };

export { EXTRACTION_POOL_RULE } from './extraction-pool-rule.js';

/**
 * A pool of worker threads for product-id extraction, written on `node:worker_threads` directly: it needs a
 * queue, a deadline that stops a worker, a heap cap and idle workers that never keep the process alive — a few
 * dozen lines, where a pool library would be another runtime dependency with its own worker bootstrap. Workers
 * start on first use and are unreferenced while idle.
 */
export function createExtractionPool(options: ExtractionPoolOptions = {}): ExtractionPool {
  checkOptions('createExtractionPool', options, {
    size: is.positiveInteger,
    timeoutMs: is.timerMs,
    maxHeapMb: is.positiveInteger,
    idleTimeoutMs: is.delayMs,
  });
  const size = Math.max(1, Math.floor(options.size ?? Math.min(4, Math.max(1, availableParallelism() - 1))));
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxHeapMb = options.maxHeapMb ?? 512;
  const idleTimeoutMs = options.idleTimeoutMs ?? 30_000;
  const entry = moduleEntry(import.meta.url, 'extraction-worker');
  const workers: PoolWorker[] = [];
  const queue: Task[] = [];
  let closed = false;

  const settle = (slot: PoolWorker): Task | undefined => {
    const task = slot.task;
    slot.task = undefined;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = undefined;
    if (task?.onAbort) task.signal?.removeEventListener('abort', task.onAbort);
    return task;
  };

  const retire = (slot: PoolWorker): void => {
    const at = workers.indexOf(slot);
    if (at >= 0) workers.splice(at, 1);
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    void slot.worker.terminate();
  };

  const idle = (slot: PoolWorker): void => {
    slot.worker.unref();
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => retire(slot), idleTimeoutMs);
    slot.idleTimer.unref();
  };

  const spawn = (): PoolWorker => {
    const worker = new Worker(entry.url, {
      execArgv: entry.execArgv,
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
    });
    const slot: PoolWorker = { worker, task: undefined, timer: undefined, idleTimer: undefined };
    worker.on('message', (reply: ExtractionReply) => {
      const task = settle(slot);
      if (task) {
        if (reply.ok) task.resolve(reply.result);
        else task.reject(new ExtractionPoolError('EXTRACTION_WORKER_FAILED', reply.message));
      }
      idle(slot);
      pump();
    });
    const failed = (cause: unknown): void => {
      const task = settle(slot);
      retire(slot);
      task?.reject(
        new ExtractionPoolError(
          'EXTRACTION_WORKER_FAILED',
          `the extraction worker failed: ${cause instanceof Error ? cause.message : String(cause)}`,
          cause,
        ),
      );
      pump();
    };
    worker.on('error', failed);
    worker.on('exit', (code) => {
      if (slot.task) failed(new Error(`worker exited with code ${code}`));
      else retire(slot);
    });
    workers.push(slot);
    return slot;
  };

  const run = (slot: PoolWorker, task: Task): void => {
    slot.task = task;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = undefined;
    slot.worker.ref();
    slot.timer = setTimeout(() => {
      const stuck = settle(slot);
      retire(slot);
      stuck?.reject(
        new ExtractionPoolError('EXTRACTION_TIMEOUT', `reading the page took longer than ${timeoutMs} ms`),
      );
      pump();
    }, timeoutMs);
    if (task.signal) {
      // The queue's abort handler is replaced by one that stops the worker.
      if (task.onAbort) task.signal.removeEventListener('abort', task.onAbort);
      task.onAbort = () => {
        const aborted = settle(slot);
        retire(slot);
        aborted?.reject(task.signal?.reason);
        pump();
      };
      task.signal.addEventListener('abort', task.onAbort, { once: true });
    }
    slot.worker.postMessage({ html: task.html, baseUrl: task.baseUrl });
  };

  function pump(): void {
    while (queue.length > 0 && !closed) {
      const slot = workers.find((w) => w.task === undefined) ?? (workers.length < size ? spawn() : undefined);
      if (!slot) return;
      run(slot, queue.shift()!);
    }
  }

  return {
    size,
    extract(html, call = {}) {
      if (closed) {
        return Promise.reject(
          new ExtractionPoolError('EXTRACTION_POOL_CLOSED', 'the extraction pool is closed'),
        );
      }
      const signal = call.signal;
      if (signal?.aborted) return Promise.reject(signal.reason);
      return new Promise<ProductIdExtraction>((resolve, reject) => {
        const task: Task = { html: String(html ?? ''), baseUrl: call.baseUrl, signal, resolve, reject };
        queue.push(task);
        if (signal) {
          // Until a worker takes it, an abort just drops it from the queue.
          task.onAbort = () => {
            const at = queue.indexOf(task);
            if (at >= 0) {
              queue.splice(at, 1);
              reject(signal.reason);
            }
          };
          signal.addEventListener('abort', task.onAbort, { once: true });
        }
        pump();
      });
    },
    async close() {
      closed = true;
      for (const task of queue.splice(0)) {
        if (task.onAbort) task.signal?.removeEventListener('abort', task.onAbort);
        task.reject(new ExtractionPoolError('EXTRACTION_POOL_CLOSED', 'the extraction pool was closed'));
      }
      await Promise.all(
        [...workers].map(async (slot) => {
          const task = settle(slot);
          task?.reject(new ExtractionPoolError('EXTRACTION_POOL_CLOSED', 'the extraction pool was closed'));
          if (slot.idleTimer) clearTimeout(slot.idleTimer);
          await slot.worker.terminate();
        }),
      );
      workers.length = 0;
    },
  };
}

let shared: ExtractionPool | undefined;

/**
 * The process-wide pool `crawl` and `AgentWeb` use unless given their own: created on first use, its idle
 * workers never keep the process alive.
 */
export function sharedExtractionPool(): ExtractionPool {
  shared ??= createExtractionPool();
  return shared;
}

/** Options of {@link extractProductIdsOffThread}. */
export interface OffThreadExtractOptions extends PoolExtractOptions {
  /** The pool for large pages (default {@link sharedExtractionPool}); `false` reads every page on the event loop. */
  pool?: ExtractionPool | false;
  /** Pages at least this many characters long go to the pool (default {@link DEFAULT_OFF_THREAD_CHARS}). */
  offThreadChars?: number;
}

/**
 * `extractProductIds` that reads a large page in a worker thread (and a small one on the event loop, where
 * it costs less than the hand-off), so one big page does not delay every other request of the process.
 */
export async function extractProductIdsOffThread(
  html: string,
  options: OffThreadExtractOptions = {},
): Promise<ProductIdExtraction> {
  const threshold = options.offThreadChars ?? DEFAULT_OFF_THREAD_CHARS;
  const text = typeof html === 'string' ? html : String(html ?? '');
  if (options.pool === false || text.length < threshold) {
    options.signal?.throwIfAborted();
    return extractProductIds(text, options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl });
  }
  const pool = options.pool ?? sharedExtractionPool();
  return pool.extract(text, {
    ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
}
