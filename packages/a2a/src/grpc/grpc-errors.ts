import type { AgentProfile } from '@agentweb/agentcard';
import { BodyTooLargeError, NetworkError, TimeoutError } from '@agentweb/http';
import type { A2AOperation } from '../dialect.js';
import { GRPC_STATUS_NAMES, rpcCodeForReason, rpcCodeForStatus } from '../error-mapping.js';
import { A2ARpcError, authRequiredError, type ErrorInfo, rpcErrorFor } from '../errors.js';
import { errorInfosInStatusDetails } from './proto-codec.js';

/** What grpc-js reports when a call ends with a non-OK status. */
export interface GrpcFailure {
  /** The status code. */
  code: number;
  /** The status message. */
  details: string;
  /** Trailers: `grpc-status-details-bin` holds a serialized `google.rpc.Status` (1.0 servers). */
  trailer(name: string): Uint8Array | undefined;
}

/** Where the call went and what limits it had, for the error. */
export interface GrpcCallSite {
  operation: A2AOperation;
  /** `/package.Service/Method`. */
  method: string;
  /** The card's endpoint URL. */
  url: string;
  profile: AgentProfile | undefined;
  /** The deadline the call ran under, ms. */
  timeoutMs: number;
  /** The message size cap, bytes. */
  maxMessageBytes: number;
}

const DEADLINE_EXCEEDED = 4;
const PERMISSION_DENIED = 7;
const RESOURCE_EXHAUSTED = 8;
const UNAVAILABLE = 14;
const UNAUTHENTICATED = 16;
const CANCELLED = 1;

/**
 * The typed error for a gRPC status, so a gRPC agent fails the way a JSON-RPC or REST one does:
 * - an A2A `google.rpc.ErrorInfo` in `grpc-status-details-bin` (1.0, spec §10.6) decides the type; without one,
 *   the status read with the operation (0.3 servers send codes only), as for REST (see `rpcCodeForStatus`);
 * - UNAUTHENTICATED / PERMISSION_DENIED → `A2AAuthRequiredError` (401 / 403);
 * - DEADLINE_EXCEEDED → `TimeoutError`; UNAVAILABLE and a CANCELLED the client did not ask for (a dropped
 *   connection) → `NetworkError`, after which a stream resumes; RESOURCE_EXHAUSTED for a message over the cap →
 *   `BodyTooLargeError`, as an oversize HTTP body;
 * - any other status → `A2ARpcError` (`A2A_RPC_ERROR`, rpcCode −32000) with `grpcCode`.
 */
export function grpcError(failure: GrpcFailure, site: GrpcCallSite): Error {
  const { code, details } = failure;
  if (code === UNAUTHENTICATED || code === PERMISSION_DENIED) {
    return authRequiredError({
      profile: site.profile,
      status: code === UNAUTHENTICATED ? 401 : 403,
      url: site.url,
      cause: new Error(`gRPC ${GRPC_STATUS_NAMES[code]}: ${details}`),
    });
  }
  if (code === DEADLINE_EXCEEDED) return new TimeoutError({ url: site.url, timeoutMs: site.timeoutMs });
  if (code === RESOURCE_EXHAUSTED && /larger than max/i.test(details)) {
    const received = Number(/\((\d+) vs/.exec(details)?.[1] ?? Number.NaN);
    return new BodyTooLargeError({
      url: site.url,
      limit: site.maxMessageBytes,
      received: Number.isFinite(received) ? received : site.maxMessageBytes + 1,
    });
  }
  if (code === UNAVAILABLE || code === CANCELLED) {
    return new NetworkError({
      url: site.url,
      cause: new Error(`gRPC ${GRPC_STATUS_NAMES[code]}: ${details}`),
    });
  }
  const bin = failure.trailer('grpc-status-details-bin');
  const infos: ErrorInfo[] = bin ? errorInfosInStatusDetails(bin) : [];
  const statusName = GRPC_STATUS_NAMES[code] ?? String(code);
  const fromReason = infos.map((i) => rpcCodeForReason(i.reason ?? '')).find((c) => c !== undefined);
  const rpcCode = fromReason ?? rpcCodeForStatus(statusName, site.operation);
  const options = {
    message: details || statusName,
    data: infos,
    method: site.method,
    url: site.url,
    binding: 'GRPC',
    grpcCode: code,
  };
  if (rpcCode !== undefined) return rpcErrorFor({ rpcCode, ...options });
  return new A2ARpcError('A2A_RPC_ERROR', {
    rpcCode: -32000,
    ...options,
    message: `${statusName}: ${options.message}`,
  });
}
