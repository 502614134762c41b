import type { HeadersInput, HttpClient } from '@agentweb/http';

/** Runs one request in its host's turn once robots.txt allows `url`; rejects when it does not. */
export type PoliteGate = <T>(
  url: string,
  request: () => Promise<T>,
  signal: AbortSignal | undefined,
) => Promise<T>;

/**
 * Wraps `http` so every call made through it (e.g. by the resolver the crawler uses) is checked against
 * robots.txt, spaced per host and identified with the crawler's User-Agent. Redirect hops inside one call are
 * not re-checked: the client vets their addresses and schemes, and robots.txt applies to the URL asked for.
 * `close()` does nothing: the crawler does not own the client.
 */
export function politeHttpClient(http: HttpClient, gate: PoliteGate, userAgent: string): HttpClient {
  const identify = <O extends { headers?: HeadersInput; signal?: AbortSignal }>(
    options: O | undefined,
  ): O => {
    const headers = new Headers(toPairs(options?.headers));
    if (!headers.has('user-agent')) headers.set('user-agent', userAgent);
    return { ...(options as O), headers };
  };
  return {
    getJson: (url, options) => gate(String(url), () => http.getJson(url, identify(options)), options?.signal),
    getText: (url, options) => gate(String(url), () => http.getText(url, identify(options)), options?.signal),
    stream: (url, options) => gate(String(url), () => http.stream(url, identify(options)), options?.signal),
    postJson: (url, options) =>
      gate(String(url), () => http.postJson(url, identify(options)), options.signal),
    request: (url, options) => gate(String(url), () => http.request(url, identify(options)), options?.signal),
    // Resolving sends nothing to the host (robots.txt governs requests), so it needs no turn.
    resolveDestination: (url, options) => http.resolveDestination(url, options),
    allowsHttp: http.allowsHttp,
    defaults: http.defaults,
    cache: http.cache,
    close: async () => {},
  };
}

function toPairs(headers: HeadersInput | undefined): [string, string][] {
  if (headers === undefined) return [];
  if (headers instanceof Headers) return [...headers.entries()];
  if (Array.isArray(headers)) return headers.map(([name, value]) => [name, value]);
  return Object.entries(headers);
}
