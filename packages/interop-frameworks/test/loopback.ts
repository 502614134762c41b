import { createHttpClient, type HttpClient } from '@agentweb/http';
import { createLoopbackOnlyConnector } from '@agentweb/http/test';

/** An HTTP client that reaches only the loopback servers the suites start (plain http, private addresses). */
export function loopbackHttp(timeoutMs = 10_000): HttpClient {
  return createHttpClient({
    allowHttp: true,
    allowPrivateNetwork: true,
    connector: createLoopbackOnlyConnector(),
    cache: false,
    timeoutMs,
  });
}

/** `sendMessage` / `streamMessage` parameters for one text turn, continuing a context or task when given. */
export function say(text: string, ids: { contextId?: string; taskId?: string } = {}) {
  const message: { parts: { kind: 'text'; text: string }[]; contextId?: string; taskId?: string } = {
    parts: [{ kind: 'text', text }],
  };
  if (ids.contextId) message.contextId = ids.contextId;
  if (ids.taskId) message.taskId = ids.taskId;
  return { message };
}
