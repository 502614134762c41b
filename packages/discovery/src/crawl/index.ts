export { crawl, DEFAULT_CRAWLER_USER_AGENT } from './crawl.js';
export { CrawlError, isCrawlError } from './crawl-errors.js';
export type {
  CrawlOptions,
  CrawlProvenance,
  CrawlRecord,
  CrawlResolved,
  CrawlResolveFunction,
} from './crawl-types.js';
