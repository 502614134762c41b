import { createHttpClient, type HttpClient } from '@agentweb/http';
import { createLoopbackOnlyConnector } from '@agentweb/http/test';
import { type AgentUpdate, AgentWeb, type AgentWebOptions } from '../src/index.js';

/** An HTTP client that reaches only loopback servers (plain http allowed). */
export function loopbackHttp(): HttpClient {
  return createHttpClient({
    allowHttp: true,
    allowPrivateNetwork: true,
    connector: createLoopbackOnlyConnector(),
    cache: false,
    timeoutMs: 15_000,
  });
}

/** AgentWeb options for agents on 127.0.0.1: no DNS step, so no query leaves the machine. */
export function loopbackAgentOptions(http: HttpClient, extra: AgentWebOptions = {}): AgentWebOptions {
  return {
    http,
    allowHttp: true,
    allowPrivateNetwork: true,
    ...extra,
    discovery: {
      defaultScheme: 'http',
      mechanisms: ['link-tag', 'agent-card', 'agent-json'],
      timeoutMs: 15_000,
    },
  };
}

/** Every update of a stream. */
export async function collectUpdates(stream: AsyncIterable<AgentUpdate>): Promise<AgentUpdate[]> {
  const out: AgentUpdate[] = [];
  for await (const update of stream) out.push(update);
  return out;
}

/** Makes loopback clients and closes every one made so far (in an `afterEach` or `afterAll`). */
export function loopbackClients(http: HttpClient) {
  const clients: AgentWeb[] = [];
  return {
    make(extra: AgentWebOptions = {}): AgentWeb {
      const aw = new AgentWeb(loopbackAgentOptions(http, extra));
      clients.push(aw);
      return aw;
    },
    async closeAll(): Promise<void> {
      await Promise.all(clients.splice(0).map((c) => c.close()));
    },
  };
}
