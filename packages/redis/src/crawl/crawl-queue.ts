import {
  abortableDelay,
  checkOptions,
  InvalidOptionError,
  is,
  isStateStoreError,
  type StateStoreError,
} from '@agentweb/core';
import { type CrawlRecord, DEFAULT_CRAWLER_USER_AGENT } from '@agentweb/discovery';
import { type JobsOptions, Queue } from 'bullmq';
import {
  openRedisConnection,
  REDIS_CONNECTION_RULES,
  type RedisConnection,
  type RedisConnectionOptions,
} from '../redis-connection.js';
import {
  CRAWL_ID_PATTERN,
  type CrawlJobData,
  crawlJobId,
  type DistributedCrawlKind,
  type DistributedCrawlResult,
  type DistributedCrawlSettings,
  JOB_NAMES,
  newCrawlId,
} from './crawl-job.js';
import { bullPrefix, runKeys } from './crawl-keys.js';

/** The BullMQ queue name crawl queues and workers use unless told otherwise. */
export const DEFAULT_CRAWL_QUEUE_NAME = 'agentweb-crawl';

/** Options of {@link createCrawlQueue}. */
export interface CrawlQueueOptions extends RedisConnectionOptions {
  /** BullMQ queue name (default `agentweb-crawl`); workers must use the same name and key prefix. */
  queueName?: string;
}

/** What a distributed crawl covers. Repeats are crawled once. */
export interface DistributedCrawlTargets {
  /** Domains (or URLs of sites) to discover: robots.txt, agent card, categories. */
  domains?: Iterable<string>;
  /** Product page URLs to read for product identifiers. */
  pages?: Iterable<string>;
}

/** Where a distributed crawl stands; passed to `onProgress` about once per `progressIntervalMs` and at the end. */
export interface DistributedCrawlProgress {
  /** The crawl run. */
  crawlId: string;
  /** Targets in the run (after de-duplication). */
  total: number;
  /** Targets whose result has been yielded. */
  done: number;
  /** Of `done`, those whose result is an error (a page that could not be read, a job that failed for good). */
  failed: number;
  /** Targets still waiting, being crawled or being retried. */
  queued: number;
  /** Results per second over the last few seconds. */
  perSecond: number;
  /** Time since the run started, in ms. */
  elapsedMs: number;
}

/** Options of {@link CrawlQueue.crawl}. */
export interface DistributedCrawlOptions {
  /**
   * Id of the run (letters, digits, `-`, `_`; default: a new one). Runs with the same id share jobs: a target
   * already queued under it is not queued again.
   */
  crawlId?: string;
  /** User-Agent sent and matched against robots.txt (default `AgentWebCrawler/0.1 ...`). */
  userAgent?: string;
  /** Least time between two requests to one host across all workers, in ms (default 1000); Crawl-delay raises it. */
  perHostDelayMs?: number;
  /** Cap on a robots.txt Crawl-delay, in ms (default 30 000). */
  maxCrawlDelayMs?: number;
  /** Scheme for bare domains (default `https`). */
  scheme?: 'https' | 'http';
  /** Largest product page read, in bytes (default 8 MiB). */
  maxPageBytes?: number;
  /**
   * Attempts per job (default 3): a page that answers 429, 5xx or not at all, or a job whose worker hit a Redis
   * error, is tried again later, each try in its host's turn.
   */
  attempts?: number;
  /** Called with the progress about once per `progressIntervalMs` and once at the end; errors it throws are ignored. */
  onProgress?: (progress: DistributedCrawlProgress) => void;
  /** Called when a Redis call failed and is being retried (Redis down or restarting); errors it throws are ignored. */
  onWarning?: (error: StateStoreError) => void;
  /** Least time between two `onProgress` calls, in ms (default 1000). */
  progressIntervalMs?: number;
  /** How often results are read while none are waiting, in ms (default 200). */
  pollIntervalMs?: number;
  /**
   * After this long without a result, in ms (default 5000), the run checks its outstanding jobs: a job Redis lost
   * (a restart without persistence) is queued again, a job that failed for good becomes an error result.
   */
  reconcileIdleMs?: number;
  /** How long Redis may stay unreachable before the run fails with `StateStoreError`, in ms (default 60 000). */
  redisDownTimeoutMs?: number;
  /** How long results and finished jobs are kept in Redis if nobody collects them, in ms (default 24 h). */
  resultTtlMs?: number;
  /**
   * Stops the run: the iteration ends with `signal.reason` and the run's jobs that have not started are removed.
   * Jobs running on workers finish, and their results expire unread.
   */
  signal?: AbortSignal;
}

/** A queue of crawl work on BullMQ; workers ({@link startCrawlWorker}) on the same Redis do the crawling. */
export interface CrawlQueue {
  /** The BullMQ queue name. */
  readonly queueName: string;
  /**
   * Enqueues one job per target and yields each target's result exactly once, in the order they finish, however
   * many workers ran it, retried it or died running it. Ends when every target has its result. Options are checked
   * on the first `next()`, which throws `InvalidOptionError` before anything is queued.
   *
   * @throws StateStoreError when Redis stays unreachable for `redisDownTimeoutMs`.
   */
  crawl(
    targets: DistributedCrawlTargets,
    options?: DistributedCrawlOptions,
  ): AsyncGenerator<DistributedCrawlResult, void, undefined>;
  /** Closes the queue and the connection it opened. */
  close(): Promise<void>;
}

/** Rule of a BullMQ queue name: a key part, so no `:` or braces. */
export const QUEUE_NAME_RULE = is.custom(
  'a queue name of at most 100 letters, digits, "-" and "_"',
  (value) => typeof value === 'string' && /^[A-Za-z0-9_-]{1,100}$/.test(value),
);

const CRAWL_OPTION_RULES = {
  crawlId: is.custom(
    'a crawl id of at most 64 letters, digits, "-" and "_"',
    (value) => typeof value === 'string' && CRAWL_ID_PATTERN.test(value),
  ),
  userAgent: is.nonEmptyString,
  perHostDelayMs: is.delayMs,
  maxCrawlDelayMs: is.delayMs,
  scheme: is.oneOf('https', 'http'),
  maxPageBytes: is.positiveInteger,
  attempts: is.positiveInteger,
  onProgress: is.function,
  onWarning: is.function,
  progressIntervalMs: is.timerMs,
  pollIntervalMs: is.timerMs,
  reconcileIdleMs: is.timerMs,
  redisDownTimeoutMs: is.timerMs,
  resultTtlMs: is.timerMs,
  signal: is.signal,
};

/** Jobs added per BullMQ call. */
const ADD_CHUNK = 500;
/** Results read per poll. */
const READ_COUNT = 500;
/** Deadline of one bulk call (adding or removing a chunk of jobs). */
const BULK_TIMEOUT_MS = 15_000;

interface Pending {
  kind: DistributedCrawlKind;
  target: string;
}

function safely<A>(listener: ((arg: A) => void) | undefined, arg: A): void {
  try {
    listener?.(arg);
  } catch {
    // A listener's failure must not stop the crawl.
  }
}

/** A stream entry as a result of this run, or undefined when it is not one. */
function readResult(raw: string | undefined, crawlId: string): DistributedCrawlResult | undefined {
  if (raw === undefined) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<DistributedCrawlResult>;
    if (value.crawlId !== crawlId || !Array.isArray(value.records) || typeof value.target !== 'string')
      return undefined;
    return value as DistributedCrawlResult;
  } catch {
    return undefined;
  }
}

function isErrorResult(result: DistributedCrawlResult): boolean {
  if (result.kind === 'page') return result.records.every((r) => r.kind === 'error');
  return !result.records.some((r) => r.kind === 'agent');
}

/** The result a run makes for a job that failed for good (its attempts used up, or stalled too often). */
function failedJobResult(
  crawlId: string,
  pending: Pending,
  reason: string,
  attempts: number,
): DistributedCrawlResult {
  const domain =
    pending.kind === 'page' ? (URL.parse(pending.target)?.host ?? pending.target) : pending.target;
  const record: CrawlRecord = {
    kind: 'error',
    domain,
    stage: pending.kind === 'page' ? 'product' : 'domain',
    code: 'CRAWL_JOB_FAILED',
    message: `the crawl job failed ${attempts} time(s): ${reason}`,
    ...(pending.kind === 'page' ? { url: pending.target } : {}),
  };
  return {
    crawlId,
    kind: pending.kind,
    target: pending.target,
    records: [record],
    worker: null,
    finishedAt: new Date().toISOString(),
    attempts,
  };
}

/**
 * A crawl queue on BullMQ: {@link CrawlQueue.crawl} enqueues domains and product pages and collects their results
 * (JSONL-ready, with provenance) while any number of {@link startCrawlWorker} processes do the work.
 *
 * @throws InvalidOptionError for options that do not fit.
 */
export function createCrawlQueue(options: CrawlQueueOptions): CrawlQueue {
  checkOptions(
    'createCrawlQueue',
    options,
    { ...REDIS_CONNECTION_RULES, queueName: QUEUE_NAME_RULE },
    { optionsRequired: true },
  );
  const { queueName = DEFAULT_CRAWL_QUEUE_NAME, ...connectionOptions } = options;
  const connection = openRedisConnection('createCrawlQueue', connectionOptions);
  // BullMQ's Queue never blocks, so it can share the connection that fails fast while Redis is down.
  const queue = new Queue<CrawlJobData>(queueName, {
    connection: connection.client,
    prefix: bullPrefix(connection.keyPrefix),
  });
  queue.on('error', () => {});
  let closed = false;
  return {
    queueName,
    crawl: (targets, crawlOptions = {}) => runCrawl(connection, queue, targets, crawlOptions),
    close: async () => {
      if (closed) return;
      closed = true;
      await queue.close().catch(() => {});
      await connection.close();
    },
  };
}

async function* runCrawl(
  connection: RedisConnection,
  queue: Queue<CrawlJobData>,
  targets: DistributedCrawlTargets,
  options: DistributedCrawlOptions,
): AsyncGenerator<DistributedCrawlResult, void, undefined> {
  checkOptions('CrawlQueue.crawl', { targets }, { targets: is.object });
  checkOptions('CrawlQueue.crawl', targets, { domains: is.iterable, pages: is.iterable });
  checkOptions('CrawlQueue.crawl', options, CRAWL_OPTION_RULES);
  const crawlId = options.crawlId ?? newCrawlId();
  const settings: DistributedCrawlSettings = {
    userAgent: options.userAgent ?? DEFAULT_CRAWLER_USER_AGENT,
    perHostDelayMs: options.perHostDelayMs ?? 1000,
    maxCrawlDelayMs: options.maxCrawlDelayMs ?? 30_000,
    scheme: options.scheme ?? 'https',
    maxPageBytes: options.maxPageBytes ?? 8 * 1024 * 1024,
  };
  const outstanding = new Map<string, Pending>();
  const add = (kind: DistributedCrawlKind, list: Iterable<string> | undefined): void => {
    for (const target of list ?? []) {
      if (typeof target !== 'string' || target === '')
        throw new InvalidOptionError({
          callee: 'CrawlQueue.crawl',
          option: `targets.${kind === 'domain' ? 'domains' : 'pages'}`,
          expected: 'non-empty strings',
          received: typeof target,
        });
      outstanding.set(crawlJobId(crawlId, kind, target), { kind, target });
    }
  };
  add('domain', targets.domains);
  add('page', targets.pages);
  const total = outstanding.size;
  const signal = options.signal;
  const keys = runKeys(connection.keyPrefix, crawlId);
  const ttlMs = Math.max(1000, Math.round(options.resultTtlMs ?? 24 * 60 * 60 * 1000));
  const jobOptions: JobsOptions = {
    attempts: options.attempts ?? 3,
    backoff: { type: 'exponential', delay: 1000 },
    removeOnComplete: { age: Math.ceil(ttlMs / 1000) },
    removeOnFail: { age: Math.ceil(ttlMs / 1000) },
  };
  const redisDownTimeoutMs = options.redisDownTimeoutMs ?? 60_000;
  const started = performance.now();
  const finished: string[] = [];
  let done = 0;
  let failed = 0;
  let completed = false;

  // A Redis step of the run: retried while Redis is unreachable, until it has been down for redisDownTimeoutMs.
  let downSince: number | undefined;
  const resilient = async <T>(step: () => Promise<T>): Promise<T> => {
    while (true) {
      try {
        const value = await step();
        downSince = undefined;
        return value;
      } catch (error) {
        if (!isStateStoreError(error)) throw error;
        downSince ??= performance.now();
        safely(options.onWarning, error);
        if (performance.now() - downSince >= redisDownTimeoutMs) throw error;
        await abortableDelay(250, signal);
      }
    }
  };

  const jobFor = (jobId: string, pending: Pending) => ({
    name: JOB_NAMES[pending.kind],
    data: { v: 1, crawlId, kind: pending.kind, target: pending.target, settings } satisfies CrawlJobData,
    opts: { ...jobOptions, jobId },
  });
  const enqueue = async (jobIds: readonly string[]): Promise<void> => {
    for (let i = 0; i < jobIds.length; i += ADD_CHUNK) {
      const chunk = jobIds.slice(i, i + ADD_CHUNK).map((id) => jobFor(id, outstanding.get(id)!));
      // Adding is idempotent (job ids), so a chunk that timed out can be sent again.
      await resilient(() => connection.call('crawlQueue.add', () => queue.addBulk(chunk), BULK_TIMEOUT_MS));
    }
  };
  const mark = (): Promise<unknown> =>
    resilient(() =>
      connection.call('crawlQueue.mark', (client) => client.set(keys.marker, String(total), 'PX', ttlMs)),
    );

  // Jobs whose state said "completed" while their result had not been read: if they still say so at the next check,
  // the result was lost (the stream expired or was trimmed by hand) and the job runs again.
  let suspects = new Set<string>();
  let lastRequeued = 0;
  const reconcile = async (): Promise<DistributedCrawlResult[]> => {
    const made: DistributedCrawlResult[] = [];
    const lost: string[] = [];
    const nextSuspects = new Set<string>();
    const ids = [...outstanding.keys()];
    for (let i = 0; i < ids.length; i += 100) {
      const chunk = ids.slice(i, i + 100);
      const states = await resilient(() =>
        connection.call(
          'crawlQueue.reconcile',
          () => Promise.all(chunk.map((id) => queue.getJobState(id))),
          BULK_TIMEOUT_MS,
        ),
      );
      for (const [index, state] of states.entries()) {
        const id = chunk[index]!;
        if (state === 'unknown') lost.push(id);
        else if (state === 'completed') {
          if (suspects.has(id)) {
            await resilient(() => connection.call('crawlQueue.remove', () => queue.remove(id)));
            lost.push(id);
          } else nextSuspects.add(id);
        } else if (state === 'failed') {
          const job = await resilient(() => connection.call('crawlQueue.getJob', () => queue.getJob(id)));
          const pending = outstanding.get(id)!;
          made.push(
            failedJobResult(
              crawlId,
              pending,
              job?.failedReason ?? 'unknown reason',
              job?.attemptsStarted ?? 0,
            ),
          );
          outstanding.delete(id);
          finished.push(id);
        }
      }
    }
    suspects = nextSuspects;
    lastRequeued = lost.length;
    if (lost.length > 0) await enqueue(lost);
    return made;
  };

  let lastId = '0-0';
  const poll = async (): Promise<{ entries: [string, string[]][]; markerGone: boolean }> => {
    const [read, exists] = await connection.call('crawlQueue.read', async (client) => {
      const replies = await client
        .multi()
        .xread('COUNT', READ_COUNT, 'STREAMS', keys.results, lastId)
        .exists(keys.marker)
        .exec();
      if (replies === null) throw new Error('transaction aborted');
      for (const [error] of replies) if (error) throw error;
      return [replies[0]![1], replies[1]![1]] as [[string, [string, string[]][]][] | null, number];
    });
    return { entries: read?.[0]?.[1] ?? [], markerGone: exists === 0 };
  };

  const rates: { at: number; done: number }[] = [];
  let lastProgress = Number.NEGATIVE_INFINITY;
  const progress = (force: boolean): void => {
    const now = performance.now();
    if (!force && now - lastProgress < (options.progressIntervalMs ?? 1000)) return;
    lastProgress = now;
    rates.push({ at: now, done });
    while (rates.length > 2 && now - rates[0]!.at > 5_000) rates.shift();
    const first = rates[0]!;
    const perSecond = now > first.at ? ((done - first.done) * 1000) / (now - first.at) : 0;
    safely(options.onProgress, {
      crawlId,
      total,
      done,
      failed,
      queued: outstanding.size,
      perSecond,
      elapsedMs: now - started,
    });
  };
  const account = (jobId: string, result: DistributedCrawlResult): void => {
    outstanding.delete(jobId);
    finished.push(jobId);
    done++;
    if (isErrorResult(result)) failed++;
  };

  try {
    signal?.throwIfAborted();
    await mark();
    await enqueue(interleaveByHost(outstanding));
    let lastResultAt = performance.now();
    let lastReconcile = performance.now();
    const reconcileIdle = options.reconcileIdleMs ?? 5_000;
    let reconcileEvery = reconcileIdle;
    progress(true);
    while (outstanding.size > 0) {
      signal?.throwIfAborted();
      const { entries, markerGone } = await resilient(poll);
      if (markerGone) {
        // Redis lost this run's keys (a restart without persistence, or eviction): queue what is missing again.
        await mark();
        for (const made of await reconcile()) {
          account(crawlJobIdOf(crawlId, made), made);
          yield made;
        }
        lastReconcile = performance.now();
      }
      for (const [id, fields] of entries) {
        lastId = id;
        const jobId = fieldOf(fields, 'j');
        if (jobId === undefined || !outstanding.has(jobId)) continue;
        const result = readResult(fieldOf(fields, 'r'), crawlId);
        if (result === undefined) continue;
        account(jobId, result);
        yield result;
      }
      const now = performance.now();
      if (entries.length > 0) {
        lastResultAt = now;
        // What was read is not needed in Redis any more; a failed trim only costs memory until the TTL.
        await connection
          .call('crawlQueue.trim', (client) => client.xtrim(keys.results, 'MINID', incrementId(lastId)))
          .catch(() => {});
      }
      progress(false);
      if (entries.length > 0) reconcileEvery = reconcileIdle;
      if (
        outstanding.size > 0 &&
        now - lastResultAt >= reconcileIdle &&
        now - lastReconcile >= reconcileEvery
      ) {
        lastReconcile = now;
        const before = outstanding.size;
        const made = await reconcile();
        for (const result of made) {
          account(crawlJobIdOf(crawlId, result), result);
          yield result;
        }
        // A check that changed nothing (workers are just slow, or none runs yet) is repeated less and less often,
        // so a large idle run does not keep Redis busy with state lookups.
        if (made.length === 0 && lastRequeued === 0 && outstanding.size === before)
          reconcileEvery = Math.min(reconcileEvery * 2, 60_000);
      }
      if (entries.length < READ_COUNT && outstanding.size > 0)
        await abortableDelay(options.pollIntervalMs ?? 200, signal);
    }
    completed = true;
    progress(true);
  } finally {
    await cleanUp(connection, queue, keys, completed ? [] : [...outstanding.keys()], finished);
  }
}

/**
 * Job ids in an order that alternates between hosts (round robin, each host's targets in their order). Workers take
 * jobs first in, first out, and a host serves one request per turn, so a list sorted by host would have every worker
 * waiting on the same host while the others sit idle.
 */
function interleaveByHost(jobs: ReadonlyMap<string, Pending>): string[] {
  const byHost = new Map<string, string[]>();
  for (const [id, pending] of jobs) {
    const host =
      pending.kind === 'page'
        ? (URL.parse(pending.target)?.host ?? pending.target)
        : pending.target.toLowerCase();
    const list = byHost.get(host);
    if (list === undefined) byHost.set(host, [id]);
    else list.push(id);
  }
  const lists = [...byHost.values()];
  const order: string[] = [];
  for (let round = 0; order.length < jobs.size; round++)
    for (const list of lists) if (round < list.length) order.push(list[round]!);
  return order;
}

function crawlJobIdOf(crawlId: string, result: DistributedCrawlResult): string {
  return crawlJobId(crawlId, result.kind, result.target);
}

function fieldOf(fields: readonly string[], name: string): string | undefined {
  for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i] === name) return fields[i + 1];
  return undefined;
}

/** The stream id just after `id`, for XTRIM MINID (which keeps ids >= its argument). */
function incrementId(id: string): string {
  const [ms, seq] = id.split('-');
  return `${ms}-${BigInt(seq ?? '0') + 1n}`;
}

/**
 * Removes the run's keys and the jobs it no longer needs: finished ones (their results were yielded) and, when the
 * run stopped early, those that have not started. Best effort within a deadline: whatever stays expires with its TTL.
 */
async function cleanUp(
  connection: RedisConnection,
  queue: Queue<CrawlJobData>,
  keys: { results: string; marker: string },
  unstarted: readonly string[],
  finished: readonly string[],
): Promise<void> {
  const ids = [...unstarted, ...finished];
  try {
    for (let i = 0; i < ids.length; i += ADD_CHUNK) {
      const chunk = ids.slice(i, i + ADD_CHUNK);
      // A job running on a worker cannot be removed (it is locked); it finishes and expires with its TTL.
      await connection.call(
        'crawlQueue.cleanUp',
        () => Promise.all(chunk.map((id) => queue.remove(id).catch(() => 0))),
        BULK_TIMEOUT_MS,
      );
    }
    await connection.call('crawlQueue.cleanUp', (client) => client.del(keys.results, keys.marker));
  } catch (error) {
    if (!isStateStoreError(error)) throw error;
  }
}
