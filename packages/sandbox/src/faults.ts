/** Faults one merchant injects. Every field is optional; an empty object is a healthy merchant. */
export interface MerchantFaults {
  /** Delay before each A2A response, uniform in [minMs, maxMs] from the sandbox seed. */
  latency?: { minMs: number; maxMs: number };
  /**
   * Rate limiting on the A2A endpoint: after `after` requests (default 0) every request is refused, either as
   * HTTP 429 with `Retry-After` (`mode: 'http'`, default) or as a failed task with CAP_RATE_LIMIT_EXCEEDED.
   */
  rateLimit?: { retryAfterSeconds: number; mode?: 'http' | 'task'; after?: number };
  /** HTTP 5xx on the A2A endpoint (default status 503). */
  serverError?: { status?: number };
  /** Never answer: A2A requests (`true`) or every request (`'all'`) stay open until `close()`. */
  hang?: boolean | 'all';
  /** Answer A2A requests with a truncated, unparsable JSON-RPC body. */
  malformedJsonRpc?: boolean;
  /** Answer A2A requests with a JSON-RPC `id` other than the request's. */
  wrongIds?: boolean;
  /** Answer A2A requests with a valid JSON-RPC body of about `bytes` bytes (default 8 MiB). */
  oversized?: { bytes?: number };
  /** Cut streaming responses (`message/stream`) after the first event by destroying the socket. */
  droppedStream?: boolean;
  /** Ignore the client's contextId and issue a new one on every call (state carries over to the new id). */
  contextRefresh?: boolean;
  /** Require `Authorization: Bearer <token>` on the A2A endpoint; anything else gets 401. */
  authRequired?: { token: string };
  /**
   * The card declares this interface instead of the merchant's own: a hostile card naming another merchant's
   * endpoint (say its JSON-RPC URL declared as `GRPC`), served from this merchant's origin. The merchant's own
   * endpoint still answers.
   */
  forgedInterface?: { url: string; binding: 'JSONRPC' | 'HTTP+JSON' | 'GRPC' };
}

/** Faults for the whole sandbox: by merchant index or id, or a function of the index and id. */
export type SandboxFaults =
  | Readonly<Record<string | number, MerchantFaults>>
  | ((index: number, id: string) => MerchantFaults | undefined);

/** The faults merchant `index` (`id`) runs with. */
export function faultsFor(faults: SandboxFaults | undefined, index: number, id: string): MerchantFaults {
  if (faults === undefined) return {};
  if (typeof faults === 'function') return faults(index, id) ?? {};
  return faults[id] ?? faults[index] ?? {};
}
