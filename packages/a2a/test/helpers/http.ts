import { createHttpClient, type HttpClient } from '@agentweb/http';
import { createLoopbackOnlyConnector } from '@agentweb/http/test';

/** An HTTP client allowed to reach the loopback test servers (plain http, private addresses). */
export function loopbackHttp(): HttpClient {
  return createHttpClient({
    allowHttp: true,
    allowPrivateNetwork: true,
    connector: createLoopbackOnlyConnector(),
    cache: false,
    timeoutMs: 5000,
  });
}
