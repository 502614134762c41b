import type { AgentProfile } from '@agentweb/agentcard';

/** One JSON-RPC request, ready for a bare `fetch`. */
export interface RawRequest {
  url: string;
  init: { method: 'POST'; headers: Record<string, string>; body: string };
}

/**
 * The JSON-RPC request the CAP client sends for `cap:product_search` to this merchant's first endpoint (its
 * dialect decides method and part shape), so the bare-fetch floor does the same wire work.
 */
export function rawSearchRequest(profile: AgentProfile, input: Record<string, unknown>): RawRequest {
  const endpoint = profile.endpoints[0];
  if (!endpoint) throw new Error(`${profile.id} has no endpoint`);
  const v1 = endpoint.protocolVersion.startsWith('1');
  const metadata = { skillId: 'cap:product_search' };
  const message = v1
    ? { messageId: crypto.randomUUID(), role: 'ROLE_USER', parts: [{ data: input, metadata }] }
    : {
        kind: 'message',
        messageId: crypto.randomUUID(),
        role: 'user',
        parts: [{ kind: 'data', data: input, metadata }],
      };
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: v1 ? 'SendMessage' : 'message/send',
    params: { message },
  });
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (v1) headers['a2a-version'] = '1.0';
  return { url: endpoint.url, init: { method: 'POST', headers, body } };
}

/** Sends every request at once with a bare fetch and parses each JSON body; failures count, never throw. */
export async function rawFanOut(
  requests: readonly RawRequest[],
  fetchImpl: typeof fetch,
  signal?: AbortSignal,
): Promise<{ ok: number; failed: number }> {
  const settled = await Promise.allSettled(
    requests.map(async (r) => {
      const res = await fetchImpl(r.url, { ...r.init, ...(signal ? { signal } : {}) });
      return res.json();
    }),
  );
  const ok = settled.filter((s) => s.status === 'fulfilled').length;
  return { ok, failed: settled.length - ok };
}
