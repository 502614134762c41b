import { createHttpClient, type HttpClient } from '@agentweb/http';

/** An HTTP client allowed to reach the loopback test servers (plain http, private addresses). */
export function loopbackHttp(): HttpClient {
  return createHttpClient({ allowHttp: true, allowPrivateNetwork: true, cache: false, timeoutMs: 5000 });
}
