import { LegacyA2AService, legacyGrpcService } from '@a2a-js/sdk/compat/v0_3/server/grpc';
import { A2AService, grpcService } from '@a2a-js/sdk/server/grpc';
import * as grpc from '@grpc/grpc-js';
import type { Lifecycle } from './fault-middleware.js';
import { v1Merchant } from './merchant-app.js';
import type { MerchantRuntime } from './merchant-runtime.js';

/** A gRPC merchant's server: bound first (its port goes in the card), its services added once the merchant exists. */
export interface GrpcMerchantServer {
  /** The bound port. */
  port: number;
  /** Adds the merchant's A2A services (1.0, and the 0.3 compat service for `dual` merchants). */
  serve(m: MerchantRuntime, life: Lifecycle): void;
  /** Stops it, cutting open calls (hung ones included). */
  close(): void;
}

/** Anyone presenting a non-empty bearer token counts as signed in, as on the merchants' HTTP endpoints. */
async function bearerUser(call: {
  metadata: grpc.Metadata;
}): Promise<{ isAuthenticated: boolean; userName: string }> {
  const auth = String(call.metadata.get('authorization')[0] ?? '');
  const token = auth.startsWith('Bearer ') ? auth.slice(7).trim() : '';
  return token === ''
    ? { isAuthenticated: false, userName: '' }
    : { isAuthenticated: true, userName: `bearer:${token}` };
}

/**
 * The faults a gRPC merchant injects, as a server interceptor that acts when the call's metadata arrives:
 * `hang` (the call stays open until the sandbox closes), `authRequired` (UNAUTHENTICATED), `serverError`
 * (UNAVAILABLE) and `latency`. Every call counts as an A2A request.
 */
function faultInterceptor(holder: { m?: MerchantRuntime; life?: Lifecycle }): grpc.ServerInterceptor {
  return (_method, call) =>
    new grpc.ServerInterceptingCall(call, {
      start(next) {
        next({
          onReceiveMetadata(metadata, proceed) {
            const { m, life } = holder;
            if (m === undefined || life === undefined) {
              call.sendStatus({
                code: grpc.status.UNAVAILABLE,
                details: 'starting',
                metadata: new grpc.Metadata(),
              });
              return;
            }
            m.countA2ARequest();
            const f = m.faults;
            if (f.hang === true || f.hang === 'all') return;
            const auth = String(metadata.get('authorization')[0] ?? '');
            if (f.authRequired !== undefined && auth !== `Bearer ${f.authRequired.token}`) {
              call.sendStatus({
                code: grpc.status.UNAUTHENTICATED,
                details: 'a valid bearer token is required',
                metadata: new grpc.Metadata(),
              });
              return;
            }
            if (f.serverError !== undefined) {
              call.sendStatus({
                code: grpc.status.UNAVAILABLE,
                details: 'sandbox: injected server error',
                metadata: new grpc.Metadata(),
              });
              return;
            }
            const delay = m.nextLatencyMs();
            if (delay <= 0) {
              proceed(metadata);
              return;
            }
            const timer = setTimeout(() => {
              life.timers.delete(timer);
              proceed(metadata);
            }, delay);
            life.timers.add(timer);
          },
        });
      },
    });
}

/** Binds a gRPC server for one merchant on `host` (plaintext: the sandbox is loopback only). */
export async function bindGrpcMerchant(host: string): Promise<GrpcMerchantServer> {
  const holder: { m?: MerchantRuntime; life?: Lifecycle } = {};
  const server = new grpc.Server({ interceptors: [faultInterceptor(holder)] });
  const address = host.includes(':') ? `[${host}]:0` : `${host}:0`;
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(address, grpc.ServerCredentials.createInsecure(), (error, p) =>
      error ? reject(error) : resolve(p),
    ),
  );
  return {
    port,
    serve(m, life) {
      holder.m = m;
      holder.life = life;
      const { handler } = v1Merchant(m);
      const options = { requestHandler: handler, userBuilder: bearerUser };
      server.addService(A2AService, grpcService(options));
      if (m.info.dialect === 'dual') server.addService(LegacyA2AService, legacyGrpcService(options));
    },
    close: () => server.forceShutdown(),
  };
}
