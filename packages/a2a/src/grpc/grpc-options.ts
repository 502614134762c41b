import { isIP } from 'node:net';
import type { GrpcTarget } from './grpc-target.js';

// The types here name no @grpc/grpc-js type: it is an optional peer dependency, and a consumer without it must
// still type-check. grpc-binding.ts, which imports it, narrows them back.

/** Channel credentials: a `ChannelCredentials` of `@grpc/grpc-js` (`grpc.credentials.createSsl(...)`). */
export type GrpcChannelCredentials = object;

/** Channel options of `@grpc/grpc-js` (`grpc.keepalive_time_ms`, ...): option name to value. */
export type GrpcChannelOptions = Record<string, unknown>;

/** gRPC settings of an A2A client (`createA2AClient({ grpc })`); gRPC needs `@grpc/grpc-js` installed. */
export interface GrpcOptions {
  /**
   * TLS credentials for the channel: custom root certificates, or a client certificate for mutual TLS
   * (`grpc.credentials.createSsl(root, key, cert)`). Default: TLS with the system's root certificates.
   */
  credentials?: GrpcChannelCredentials;
  /**
   * Connect without TLS to a target written without a scheme (`host:port`), as local agents often are.
   * Allowed only when the HTTP client allows plain http (`allowHttp`), the same rule as `http://` targets.
   * Default false: TLS unless the card's URL says `http://`.
   */
  plaintext?: boolean;
  /**
   * Extra channel options (keepalive, ...). The client sets the message size cap, the authority, the TLS name,
   * `grpc.enable_http_proxy: 0` (the channel connects to the checked address only) and an idle timeout of
   * {@link DEFAULT_GRPC_IDLE_TIMEOUT_MS} itself; these override.
   */
  channelOptions?: GrpcChannelOptions;
  /**
   * Send each unary call's deadline to the agent as a gRPC deadline (the `grpc-timeout` header), so the agent
   * can stop the work itself when the time is up or pass the deadline on to the calls it makes, as gRPC intends.
   * Default true. `false`: the client enforces the deadline (`timeoutMs`) alone, with one timer for all its calls,
   * and cancels a call when it passes, which the agent sees as a cancellation at that moment (the official
   * `@a2a-js/sdk` client sends no deadline at all); that saves the header and the timers grpc-js and the agent
   * keep for it, about 3% of a loopback round trip. Streams always carry theirs (`streamTimeoutMs`) as a gRPC
   * deadline.
   */
  sendDeadline?: boolean;
}

/**
 * How long a channel without calls keeps its connection (`grpc.client_idle_timeout_ms`; grpc-js's own default is
 * 30 minutes). A client that is dropped without `close()` (a merchant replaced in a registry while a call may still
 * use it) then releases its connection a minute after its last call; the next call reconnects.
 */
export const DEFAULT_GRPC_IDLE_TIMEOUT_MS = 60_000;

/** The options of a channel to `target`: the client's own settings, then the caller's `channelOptions` over them. */
export function grpcChannelOptions(
  target: GrpcTarget,
  maxReceiveBytes: number,
  options: GrpcOptions,
): GrpcChannelOptions {
  return {
    'grpc.max_receive_message_length': maxReceiveBytes,
    'grpc.default_authority': target.authority,
    // The checked address is the only place to go: no proxy from the environment.
    'grpc.enable_http_proxy': 0,
    'grpc.client_idle_timeout_ms': DEFAULT_GRPC_IDLE_TIMEOUT_MS,
    ...(target.secure && isIP(target.host) === 0 ? { 'grpc.ssl_target_name_override': target.host } : {}),
    ...options.channelOptions,
  };
}
