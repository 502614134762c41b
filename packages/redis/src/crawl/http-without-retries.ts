import type { HttpClient } from '@agentweb/http';

/**
 * `http` with every call sent once: a crawler holds a host's turn for one request, and a retry inside the turn
 * would reach the host sooner than its Crawl-delay allows. Retries go back through the queue instead, each in a
 * later turn. `close()` does nothing: the client stays the caller's.
 */
export function httpWithoutRetries(http: HttpClient): HttpClient {
  return {
    getJson: (url, options) => http.getJson(url, { ...options, retry: false }),
    getText: (url, options) => http.getText(url, { ...options, retry: false }),
    stream: (url, options) => http.stream(url, { ...options, retry: false }),
    postJson: (url, options) => http.postJson(url, { ...options, retry: false }),
    request: (url, options) => http.request(url, { ...options, retry: false }),
    resolveDestination: (url, options) => http.resolveDestination(url, options),
    allowsHttp: http.allowsHttp,
    defaults: http.defaults,
    cache: http.cache,
    close: async () => {},
  };
}
