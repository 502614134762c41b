export { crawl, DEFAULT_CRAWLER_USER_AGENT } from './crawl.js';
export { CrawlError, isCrawlError } from './crawl-errors.js';
export { type CrawlProductPageOptions, type CrawlProductRecord, crawlProductPage } from './crawl-page.js';
export {
  type CrawlErrorRecord,
  crawlErrorRecord,
  provenanceFromHttp,
  provenanceFromRecord,
} from './crawl-records.js';
export type {
  CrawlOptions,
  CrawlProvenance,
  CrawlRecord,
  CrawlResolved,
  CrawlResolveFunction,
} from './crawl-types.js';
export { type CrawlHostGate, HostGate } from './host-gate.js';
