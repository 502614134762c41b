import type { ChannelCredentials, ChannelOptions } from '@grpc/grpc-js';

/** gRPC settings of an A2A client (`createA2AClient({ grpc })`). */
export interface GrpcOptions {
  /**
   * TLS credentials for the channel: custom root certificates, or a client certificate for mutual TLS
   * (`grpc.credentials.createSsl(root, key, cert)`). Default: TLS with the system's root certificates.
   */
  credentials?: ChannelCredentials;
  /**
   * Connect without TLS to a target written without a scheme (`host:port`), as local agents often are.
   * Allowed only when the HTTP client allows plain http (`allowHttp`), the same rule as `http://` targets.
   * Default false: TLS unless the card's URL says `http://`.
   */
  plaintext?: boolean;
  /**
   * Extra channel options (keepalive, ...). The client sets the message size cap, the authority, the TLS name
   * and `grpc.enable_http_proxy: 0` (the channel connects to the checked address only) itself; these override.
   */
  channelOptions?: ChannelOptions;
}
