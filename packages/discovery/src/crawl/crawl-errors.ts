import { AgentWebError, createErrorGuard } from '@agentweb/core';

/** Why the crawler could not read something; carried by `error` records, never thrown by `crawl`. */
export class CrawlError extends AgentWebError {
  /** The URL concerned, when there was one. */
  readonly url: string | undefined;

  constructor(options: { code: string; message: string; url?: string; cause?: unknown }) {
    super(options);
    this.name = 'CrawlError';
    this.url = options.url;
  }
}

/** True for a {@link CrawlError} from any copy of the package. */
export const isCrawlError = createErrorGuard<CrawlError>('CrawlError');
