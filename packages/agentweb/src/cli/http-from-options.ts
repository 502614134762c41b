import { createHttpClient, type HttpClient } from '@agentweb/http';
import type { AgentWebOptions } from '../client/types.js';

/**
 * An HTTP client with the same policy the AgentWeb client gets from the shared flags, for the commands that
 * fetch without it (`card validate <url>`, `crawl`).
 */
export function httpClientFromOptions(options: AgentWebOptions): HttpClient {
  // Options from flags never carry an `http` client, and callers close what this returns, so it always makes one.
  return createHttpClient({
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.lookup ? { lookup: options.lookup } : {}),
    ...(options.allowHttp ? { allowHttp: true } : {}),
    ...(options.allowPrivateNetwork ? { allowPrivateNetwork: true } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  });
}
