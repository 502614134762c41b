export {
  CRAWL_ID_PATTERN,
  type CrawlJobData,
  crawlJobId,
  type DistributedCrawlKind,
  type DistributedCrawlResult,
  type DistributedCrawlSettings,
} from './crawl-job.js';
export { bullPrefix, hostKey, robotsKey, runKeys } from './crawl-keys.js';
export {
  type CrawlQueue,
  type CrawlQueueOptions,
  createCrawlQueue,
  DEFAULT_CRAWL_QUEUE_NAME,
  type DistributedCrawlOptions,
  type DistributedCrawlProgress,
  type DistributedCrawlTargets,
} from './crawl-queue.js';
export {
  type CrawlWorker,
  type CrawlWorkerEvent,
  type CrawlWorkerOptions,
  type CrawlWorkerStats,
  startCrawlWorker,
} from './crawl-worker.js';
export { httpWithoutRetries } from './http-without-retries.js';
export {
  createRedisHostGate,
  DEFAULT_HOST_LEASE_MS,
  type HostTurn,
  type HostTurnAttempt,
  type HostTurnRequest,
  type RedisHostGate,
  type RedisHostGateOptions,
} from './redis-host-gate.js';
export {
  createRedisRobotsStore,
  type RedisRobotsStore,
  type RedisRobotsStoreOptions,
} from './redis-robots-store.js';
