import type { UcpOperationSpec } from './operations.js';

/** One call as a transport sends it. */
export interface TransportCall {
  /** The operation. */
  operation: UcpOperationSpec;
  /** The resource id, for operations on one resource. */
  id?: string | undefined;
  /** The request body (REST body / MCP `checkout`/`cart`/`catalog` argument). */
  body?: Record<string, unknown> | undefined;
  /** `Request-Id` (a UUID per call). */
  requestId: string;
  /** `Idempotency-Key`, for mutations. */
  idempotencyKey?: string | undefined;
  /** Aborts the call. */
  signal?: AbortSignal | undefined;
  /** Deadline in ms. */
  timeoutMs?: number | undefined;
  /**
   * Strings that must never appear in an error (payment credentials): removed from any text of the business
   * that goes into an error.
   */
  secrets?: readonly string[] | undefined;
}

/** What a transport hands back: the business's JSON answer to a call it accepted. */
export interface TransportAnswer {
  /** HTTP status (REST), or 200 for an MCP result. */
  status: number;
  /** The response document (REST body, MCP `structuredContent`). */
  data: unknown;
}

/** A way of reaching a business's UCP service. */
export interface UcpTransport {
  /** `rest` or `mcp`. */
  readonly name: 'rest' | 'mcp';
  /** The service endpoint. */
  readonly endpoint: string;
  /** Sends one call; protocol errors reject with `UcpProtocolError`. */
  call(call: TransportCall): Promise<TransportAnswer>;
}

/** The `UCP-Agent` header value naming the platform profile (RFC 8941 dictionary, quoted string). */
export function ucpAgentHeader(profileUrl: string): string {
  return `profile="${profileUrl.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}
