import { hostname } from 'node:os';
import {
  AgentWebError,
  abortableDelay,
  checkOptions,
  is,
  isStateStoreError,
  required,
  type StateStoreError,
} from '@agentweb/core';
import {
  CrawlError,
  type CrawlHostGate,
  type CrawlRecord,
  crawl,
  crawlErrorRecord,
  crawlProductPage,
  createRobotsPolicy,
  EXTRACTION_POOL_RULE,
  type ExtractionPool,
  type ResolverOptions,
  type RobotsPolicy,
  type RobotsRecord,
  type RobotsStore,
} from '@agentweb/discovery';
import {
  HTTP_CLIENT_RULE,
  type HttpClient,
  isHttpStatusError,
  isNetworkError,
  isTimeoutError,
  parseRetryAfter,
} from '@agentweb/http';
import { DelayedError, type Job, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import {
  openRedisConnection,
  REDIS_CONNECTION_RULES,
  type RedisConnection,
  type RedisConnectionOptions,
} from '../redis-connection.js';
import { defineRedisScript } from '../redis-script.js';
import { type CrawlJobData, type DistributedCrawlResult, readJobData } from './crawl-job.js';
import { bullPrefix, runKeys } from './crawl-keys.js';
import { DEFAULT_CRAWL_QUEUE_NAME, QUEUE_NAME_RULE } from './crawl-queue.js';
import { httpWithoutRetries } from './http-without-retries.js';
import { type HostTurn, hostGateOn, type RedisHostGate } from './redis-host-gate.js';
import { robotsStoreOn } from './redis-robots-store.js';

/** Options of {@link startCrawlWorker}. */
export interface CrawlWorkerOptions extends RedisConnectionOptions {
  /**
   * HTTP client for every request (its address guard, deadline and body cap apply). The worker sends each call
   * once: retries go back through the queue, each in a later turn of its host.
   */
  http: HttpClient;
  /** BullMQ queue name (default `agentweb-crawl`), as the crawl queue uses. */
  queueName?: string;
  /** Jobs this worker runs at once (default 8). Each holds at most one host's turn at a time. */
  concurrency?: number;
  /** Name in results and BullMQ's worker list (default `<hostname>:<pid>`). */
  name?: string;
  /**
   * BullMQ job lock, in ms (default 30 000). A worker that dies (SIGKILL, a lost machine) loses its locks when they
   * run out; its jobs then go back to the queue at the next stalled-job check and run again elsewhere.
   */
  lockDurationMs?: number;
  /** How often this worker checks for jobs of dead workers, in ms (default 30 000). */
  stalledIntervalMs?: number;
  /** Times a job may be recovered from a dead worker before it fails for good (default 3). */
  maxStalledCount?: number;
  /**
   * Longest time one request may hold its host's turn, in ms (default 60 000, and at least twice the HTTP
   * deadline). A dead worker's host waits this long at most.
   */
  hostLeaseMs?: number;
  /**
   * Waits for a host's turn up to this long, in ms, are spent in the job (default 250); a job facing a longer
   * wait goes back to the queue as a delayed job until its reserved slot, leaving its place to other hosts.
   */
  inlineWaitMs?: number;
  /** How long a fetched robots.txt is shared, in ms (default and most 24 h, RFC 9309 §2.4). */
  robotsTtlMs?: number;
  /** Options of the resolver that domain jobs use (e.g. `dns`, `mechanisms`, `timeoutMs`). */
  resolverOptions?: Omit<ResolverOptions, 'http' | 'defaultScheme' | 'allowHttp'>;
  /** Worker threads for large product pages (default: the process-wide pool); `false` reads pages on the event loop. */
  extractionPool?: ExtractionPool | false;
  /** Told about each job and each problem with Redis; errors it throws are ignored. */
  onEvent?: (event: CrawlWorkerEvent) => void;
  /**
   * How long `close()` waits for running jobs, in ms (default 30 000). Past it (Redis down, a host that never
   * answers) the worker closes anyway; its unfinished jobs run again elsewhere once their locks run out.
   */
  closeTimeoutMs?: number;
}

/** What a crawl worker reports through `onEvent`. */
export type CrawlWorkerEvent =
  | {
      /** A target's result was published. */
      type: 'completed';
      crawlId: string;
      kind: CrawlJobData['kind'];
      target: string;
    }
  | {
      /** The host was busy for longer than `inlineWaitMs`: the job went back to the queue until its slot. */
      type: 'deferred';
      crawlId: string;
      target: string;
      waitMs: number;
    }
  | {
      /** A job attempt failed; BullMQ retries it after a backoff unless its attempts are used up. */
      type: 'failed';
      target: string | undefined;
      error: Error;
    }
  | {
      /** Redis or BullMQ reported a problem (Redis down or restarting); the worker carries on and reconnects. */
      type: 'warning';
      error: Error;
    };

/** Counters of a running worker. */
export interface CrawlWorkerStats {
  /** Results published. */
  completed: number;
  /** Jobs put back to wait for their host's turn. */
  deferred: number;
  /** Job attempts that failed (and were retried or failed for good). */
  failed: number;
}

/** A running crawl worker. */
export interface CrawlWorker {
  /** Its name, as results carry it. */
  readonly name: string;
  /** Live counters. */
  readonly stats: Readonly<CrawlWorkerStats>;
  /** Stops taking jobs, lets the running ones finish, and closes its connections. */
  close(): Promise<void>;
}

/** Largest result published, in bytes of JSON; a bigger one is replaced by an error record saying so. */
const MAX_RESULT_BYTES = 1024 * 1024;

const WORKER_OPTION_RULES = {
  ...REDIS_CONNECTION_RULES,
  http: required(HTTP_CLIENT_RULE),
  queueName: QUEUE_NAME_RULE,
  concurrency: is.positiveInteger,
  name: is.nonEmptyString,
  lockDurationMs: is.timerMs,
  stalledIntervalMs: is.timerMs,
  maxStalledCount: is.nonNegativeInteger,
  hostLeaseMs: is.positiveInteger,
  inlineWaitMs: is.delayMs,
  robotsTtlMs: is.positiveInteger,
  resolverOptions: is.object,
  extractionPool: EXTRACTION_POOL_RULE,
  onEvent: is.function,
  closeTimeoutMs: is.timerMs,
};

/** Marks a job that went back to the queue. */
const DEFERRED = Symbol('deferred');

/**
 * Starts a worker that crawls what {@link createCrawlQueue} enqueues: domains (robots.txt, agent card, categories)
 * and product pages. Every worker on the same Redis and key prefix shares one robots.txt per host (fetched once),
 * one turn per host at a time, and the host's spacing (the larger of the crawl's per-host delay and Crawl-delay,
 * measured from the end of the previous request). A worker killed mid-crawl loses nothing: its jobs run again
 * elsewhere once their locks run out, and the crawl run yields each target once.
 *
 * @throws InvalidOptionError for options that do not fit.
 */
export function startCrawlWorker(options: CrawlWorkerOptions): CrawlWorker {
  checkOptions('startCrawlWorker', options, WORKER_OPTION_RULES, { optionsRequired: true });
  const connectionOptions: RedisConnectionOptions = {
    ...(options.url === undefined ? {} : { url: options.url }),
    ...(options.client === undefined ? {} : { client: options.client }),
    ...(options.keyPrefix === undefined ? {} : { keyPrefix: options.keyPrefix }),
    ...(options.commandTimeoutMs === undefined ? {} : { commandTimeoutMs: options.commandTimeoutMs }),
  };
  const connection = openRedisConnection('startCrawlWorker', connectionOptions);
  const name = options.name ?? `${hostname()}:${process.pid}`;
  const stats: CrawlWorkerStats = { completed: 0, deferred: 0, failed: 0 };
  const emit = (event: CrawlWorkerEvent): void => {
    try {
      options.onEvent?.(event);
    } catch {
      // A listener's failure must not stop the worker.
    }
  };
  const http = httpWithoutRetries(options.http);
  const leaseMs = options.hostLeaseMs ?? Math.max(60_000, options.http.defaults.timeoutMs * 2);
  const gate = hostGateOn(connection, { leaseMs });
  const robotsStore = robotsStoreOn(connection);
  const robotsTtlMs = Math.min(options.robotsTtlMs ?? 24 * 60 * 60 * 1000, 24 * 60 * 60 * 1000);
  const policies = new Map<string, RobotsPolicy>();
  const policyFor = (userAgent: string): RobotsPolicy => {
    let policy = policies.get(userAgent);
    if (policy === undefined) {
      // A handful of user agents at most in practice; the map is dropped if a queue carries many.
      if (policies.size >= 16) policies.clear();
      policy = createRobotsPolicy({ userAgent, http, store: robotsStore, cacheTtlMs: robotsTtlMs });
      policies.set(userAgent, policy);
    }
    return policy;
  };
  // Origins whose shared record this worker read in the last minute: their pages skip asking the store again.
  const knownRobots = new Map<string, number>();
  const context: JobContext = {
    connection,
    http,
    gate,
    robotsStore,
    policyFor,
    robotsKnown: (origin) => {
      const at = knownRobots.get(origin);
      return at !== undefined && performance.now() - at < 60_000;
    },
    rememberRobots: (origin) => {
      if (knownRobots.size > 10_000) knownRobots.clear();
      knownRobots.set(origin, performance.now());
    },
    inlineWaitMs: options.inlineWaitMs ?? 250,
    ...(options.resolverOptions === undefined ? {} : { resolverOptions: options.resolverOptions }),
    ...(options.extractionPool === undefined ? {} : { extractionPool: options.extractionPool }),
    onDeferred: (data, waitMs) => {
      stats.deferred++;
      emit({ type: 'deferred', crawlId: data.crawlId, target: data.target, waitMs });
    },
  };

  // Whether a run still collects results, remembered for a second so a busy worker asks once per run, not per job.
  const liveRuns = new Map<string, number>();
  const runIsLive = async (crawlId: string, marker: string): Promise<boolean> => {
    const checked = liveRuns.get(crawlId);
    if (checked !== undefined && performance.now() - checked < 1_000) return true;
    const live = (await connection.call('crawlWorker.runExists', (client) => client.exists(marker))) === 1;
    if (liveRuns.size > 1_000) liveRuns.clear();
    if (live) liveRuns.set(crawlId, performance.now());
    else liveRuns.delete(crawlId);
    return live;
  };

  // BullMQ's worker blocks on Redis and must wait through outages rather than fail its commands, so it gets a
  // connection of its own that retries every command until Redis is back.
  const bullClient =
    options.client !== undefined
      ? options.client.duplicate({ maxRetriesPerRequest: null })
      : new Redis(options.url!, {
          maxRetriesPerRequest: null,
          retryStrategy: (times) => Math.min(50 * times, 1_000),
        });
  bullClient.on('error', () => {});

  const worker = new Worker<CrawlJobData>(
    options.queueName ?? DEFAULT_CRAWL_QUEUE_NAME,
    async (job, token) => {
      const data = readJobData(job.data);
      if (data === undefined) throw new UnrecoverableError('not an AgentWeb crawl job');
      const keys = runKeys(connection.keyPrefix, data.crawlId);
      // A run that ended or was stopped needs nothing more; its marker is gone with it.
      if (!(await runIsLive(data.crawlId, keys.marker))) return 0;
      const records =
        data.kind === 'page'
          ? await crawlPageJob(context, job, token, data)
          : await crawlDomainJob(context, data);
      if (records === DEFERRED) throw new DelayedError();
      await publish(connection, job, data, records, name);
      stats.completed++;
      emit({ type: 'completed', crawlId: data.crawlId, kind: data.kind, target: data.target });
      return 1;
    },
    {
      connection: bullClient,
      prefix: bullPrefix(connection.keyPrefix),
      concurrency: options.concurrency ?? 8,
      name,
      lockDuration: options.lockDurationMs ?? 30_000,
      stalledInterval: options.stalledIntervalMs ?? 30_000,
      maxStalledCount: options.maxStalledCount ?? 3,
    },
  );
  worker.on('error', (error) => emit({ type: 'warning', error }));
  worker.on('failed', (job, error) => {
    stats.failed++;
    emit({ type: 'failed', target: readJobData(job?.data)?.target, error });
  });

  let closing: Promise<void> | undefined;
  return {
    name,
    stats,
    close: () => {
      closing ??= (async () => {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<'late'>((resolve) => {
          timer = setTimeout(() => resolve('late'), options.closeTimeoutMs ?? 30_000);
        });
        const closed = worker.close().then(
          () => 'closed' as const,
          () => 'closed' as const,
        );
        const outcome = await Promise.race([closed, late]);
        clearTimeout(timer);
        if (outcome === 'late') {
          // BullMQ's forced close does not wait for jobs; whatever they still hold is released by lock expiry.
          await Promise.race([worker.close(true).catch(() => {}), abortableDelay(1_000)]);
          bullClient.disconnect();
        } else await bullClient.quit().catch(() => bullClient.disconnect());
        await connection.close();
      })();
      return closing;
    },
  };
}

interface JobContext {
  connection: RedisConnection;
  http: HttpClient;
  gate: RedisHostGate;
  robotsStore: RobotsStore;
  policyFor(userAgent: string): RobotsPolicy;
  /** True when this worker read the origin's robots.txt record lately (so it is in the shared store too). */
  robotsKnown(origin: string): boolean;
  rememberRobots(origin: string): void;
  inlineWaitMs: number;
  resolverOptions?: CrawlWorkerOptions['resolverOptions'];
  extractionPool?: ExtractionPool | false;
  onDeferred(data: CrawlJobData, waitMs: number): void;
}

/** The host's spacing for this crawl: the larger of its per-host delay and the (capped) Crawl-delay. */
function spacingOf(record: RobotsRecord, data: CrawlJobData): number {
  const { settings } = data;
  const crawlDelaySeconds = record.rules?.crawlDelay(settings.userAgent) ?? 0;
  return Math.max(settings.perHostDelayMs, Math.min(settings.maxCrawlDelayMs, crawlDelaySeconds * 1000));
}

/**
 * Takes the host's turn: at once, after a short wait in the job, or not at all, in which case the job goes back to
 * the queue as delayed until the slot the gate reserved for it.
 */
async function takeTurn(
  ctx: JobContext,
  job: Job<CrawlJobData>,
  token: string | undefined,
  data: CrawlJobData,
  host: string,
  delayMs: number,
): Promise<HostTurn | typeof DEFERRED> {
  while (true) {
    const attempt = await ctx.gate.tryAcquire(host, { delayMs });
    if (attempt.acquired) return attempt.turn;
    if (attempt.waitMs <= ctx.inlineWaitMs) {
      await abortableDelay(Math.max(1, attempt.waitMs));
      continue;
    }
    const reserved = await ctx.gate.tryAcquire(host, { delayMs, reserve: true });
    if (reserved.acquired) return reserved.turn;
    await ctx.connection.call('crawlWorker.defer', () =>
      job.moveToDelayed(Date.now() + reserved.waitMs, token),
    );
    ctx.onDeferred(data, reserved.waitMs);
    return DEFERRED;
  }
}

function retryable(error: unknown): boolean {
  if (isHttpStatusError(error)) return error.status === 429 || error.status >= 500;
  return isNetworkError(error) || isTimeoutError(error);
}

/** The pause a 429 or 503 asked for (Retry-After), capped like a Crawl-delay. */
function retryAfterMs(error: unknown, capMs: number): number {
  if (!isHttpStatusError(error)) return 0;
  const seconds = parseRetryAfter(error.headers.get('retry-after'));
  return seconds === undefined ? 0 : Math.min(capMs, seconds * 1000);
}

async function crawlPageJob(
  ctx: JobContext,
  job: Job<CrawlJobData>,
  token: string | undefined,
  data: CrawlJobData,
): Promise<CrawlRecord[] | typeof DEFERRED> {
  const url = URL.parse(data.target);
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    return [
      crawlErrorRecord(
        data.target,
        'product',
        new CrawlError({ code: 'INVALID_URL', message: 'not an http(s) URL', url: data.target }),
      ),
    ];
  const host = url.host;
  const policy = ctx.policyFor(data.settings.userAgent);
  if (!ctx.robotsKnown(url.origin) && (await ctx.robotsStore.get(url.origin)) === undefined) {
    // Nobody has robots.txt yet: fetch it in the host's turn, so one crawler fetches it while the others wait.
    const turn = await takeTurn(ctx, job, token, data, host, data.settings.perHostDelayMs);
    if (turn === DEFERRED) return DEFERRED;
    let spacing = data.settings.perHostDelayMs;
    try {
      spacing = spacingOf(await policy.getRecord(url.href), data);
    } finally {
      await ctx.gate.release(turn, { delayMs: spacing });
    }
  }
  if (!(await policy.isAllowed(url.href)))
    return [
      crawlErrorRecord(
        host,
        'product',
        new CrawlError({
          code: 'ROBOTS_DISALLOWED',
          message: `robots.txt disallows ${url.href}`,
          url: url.href,
        }),
        undefined,
        data.target,
      ),
    ];
  const robots = await policy.getRecord(url.href);
  ctx.rememberRobots(url.origin);
  const spacing = spacingOf(robots, data);
  const turn = await takeTurn(ctx, job, token, data, host, spacing);
  if (turn === DEFERRED) return DEFERRED;
  let after = spacing;
  try {
    return [
      await crawlProductPage(data.target, {
        http: ctx.http,
        domain: host,
        userAgent: data.settings.userAgent,
        maxPageBytes: data.settings.maxPageBytes,
        retry: false,
        ...(ctx.extractionPool === undefined ? {} : { extractionPool: ctx.extractionPool }),
      }),
    ];
  } catch (error) {
    after = Math.max(spacing, retryAfterMs(error, data.settings.maxCrawlDelayMs));
    // Another attempt comes back through the queue after BullMQ's backoff, in a later turn of the host.
    if (retryable(error) && job.attemptsMade + 1 < (job.opts.attempts ?? 1)) throw error;
    return [crawlErrorRecord(host, 'product', error, undefined, data.target)];
  } finally {
    await ctx.gate.release(turn, { delayMs: after });
  }
}

async function crawlDomainJob(ctx: JobContext, data: CrawlJobData): Promise<CrawlRecord[]> {
  // crawl() turns every failure into an error record; a Redis failure is not the domain's, so it fails the job
  // (which is retried) instead of becoming part of the result.
  let storeError: StateStoreError | undefined;
  const watch = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (isStateStoreError(error)) storeError ??= error;
      throw error;
    }
  };
  const hostGate: CrawlHostGate = {
    run: (host, delayMs, task, signal) => watch(() => ctx.gate.run(host, delayMs, task, signal)),
  };
  const policy = ctx.policyFor(data.settings.userAgent);
  const robots: RobotsPolicy = {
    isAllowed: (url, call) => watch(() => policy.isAllowed(url, call)),
    crawlDelay: (url, call) => watch(() => policy.crawlDelay(url, call)),
    getRecord: (url, call) => watch(() => policy.getRecord(url, call)),
  };
  const records: CrawlRecord[] = [];
  for await (const record of crawl([data.target], {
    http: ctx.http,
    robots,
    hostGate,
    concurrency: 1,
    userAgent: data.settings.userAgent,
    perHostDelayMs: data.settings.perHostDelayMs,
    maxCrawlDelayMs: data.settings.maxCrawlDelayMs,
    scheme: data.settings.scheme,
    maxPageBytes: data.settings.maxPageBytes,
    ...(ctx.resolverOptions === undefined ? {} : { resolverOptions: ctx.resolverOptions }),
    ...(ctx.extractionPool === undefined ? {} : { extractionPool: ctx.extractionPool }),
  }))
    records.push(record);
  if (storeError !== undefined) throw storeError;
  return records;
}

// Adds a result to the run's stream, which lives as long as the run's marker (at least a minute).
const PUBLISH = `
redis.call('XADD', KEYS[1], '*', 'j', ARGV[1], 'r', ARGV[2])
local ttl = redis.call('PTTL', KEYS[2])
if ttl < 60000 then ttl = 60000 end
redis.call('PEXPIRE', KEYS[1], ttl)
return 1
`;

const PUBLISH_SCRIPT = defineRedisScript(PUBLISH);

async function publish(
  connection: RedisConnection,
  job: Job<CrawlJobData>,
  data: CrawlJobData,
  records: CrawlRecord[],
  worker: string,
): Promise<void> {
  const result: DistributedCrawlResult = {
    crawlId: data.crawlId,
    kind: data.kind,
    target: data.target,
    records,
    worker,
    finishedAt: new Date().toISOString(),
    attempts: job.attemptsStarted,
  };
  let json = JSON.stringify(result);
  if (Buffer.byteLength(json) > MAX_RESULT_BYTES) {
    const domain = records[0]?.domain ?? data.target;
    const tooLarge = new AgentWebError({
      code: 'RESULT_TOO_LARGE',
      message: `the result is larger than ${MAX_RESULT_BYTES} bytes`,
    });
    json = JSON.stringify({
      ...result,
      records: [crawlErrorRecord(domain, data.kind === 'page' ? 'product' : 'domain', tooLarge)],
    });
  }
  const keys = runKeys(connection.keyPrefix, data.crawlId);
  await connection.call('crawlWorker.publish', (client) =>
    PUBLISH_SCRIPT.run(client, [keys.results, keys.marker], [String(job.id), json]),
  );
}
