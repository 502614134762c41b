/**
 * Where a piece of data came from. Every discovery result, HTTP response and index record carries one,
 * so a user can prove how an agent or product was found.
 */
export interface ProvenanceRecord {
  /** How it was obtained, e.g. `dns-txt`, `link-tag`, `well-known`, `http`, `registry`, `inline`. */
  mechanism: string;
  /** The URL fetched or the DNS name queried. */
  source: string;
  /** When the data was obtained, as an ISO 8601 timestamp. */
  fetchedAt: string;
  /** HTTP status, when the data came over HTTP. */
  status?: number;
  /** Time-to-live in seconds granted by the source (DNS TTL or HTTP max-age). */
  ttl?: number;
  /** Lowercase hex SHA-256 of the bytes received, when there were bytes. */
  sha256?: string;
}

/** A progress notification for long operations (`resolveMany`, fan-out search, crawls). */
export interface ProgressEvent {
  /** What kind of step this is, e.g. `resolve`, `search`, `crawl`. */
  type: string;
  /** The item being worked on: a domain, a merchant id or a URL. */
  target?: string;
  /** Items finished so far. */
  completed: number;
  /** Items in total, when known. */
  total?: number;
  /** Outcome of the item that just finished, e.g. `ok`, `error`, `timeout`. */
  outcome?: string;
  /** Milliseconds since the operation started. */
  elapsedMs?: number;
}

/** A listener for {@link ProgressEvent}s. Errors thrown by a listener are ignored by AgentWeb. */
export type ProgressListener = (event: ProgressEvent) => void;
