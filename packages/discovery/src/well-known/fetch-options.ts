import type { HttpClient, RedirectMode } from '@agentweb/http';

/** Options of every well-known fetcher. */
export interface WellKnownFetchOptions {
  /** The @agentweb/http client to fetch with. */
  http: HttpClient;
  /** Aborts the fetch; it then rejects with `signal.reason`. */
  signal?: AbortSignal;
  /** Deadline for this fetch in ms (default: the client's). */
  timeoutMs?: number;
  /** Largest body accepted in bytes (each fetcher has its own default). */
  maxBytes?: number;
  /**
   * Redirect policy (default `'same-origin'`: a site may move its card within itself, but a redirect to
   * another origin would let any open redirect choose the agent).
   */
  redirect?: RedirectMode;
}
