import type { AgentProfile } from '@agentweb/agentcard';
import * as grpc from '@grpc/grpc-js';
import { Role } from 'a2a-sdk-v1';
import { A2AService } from 'a2a-sdk-v1/server/grpc';
import { type RawRequest, rawSearchRequest } from './raw-requests.js';

/** One bare `cap:product_search` call over the merchant's own binding: fetch for JSON-RPC and REST, grpc-js for gRPC. */
export type RawCall = () => Promise<unknown>;

/**
 * The request the CAP client sends to this merchant's first endpoint, on its binding, sent with no client in
 * between: JSON-RPC and HTTP+JSON as a bare `fetch` of the same body, gRPC as a bare grpc-js unary call encoded
 * with the official SDK's generated codec. `lookup` maps the sandbox's names to loopback for the gRPC channel.
 * Returns the call and what to close afterwards.
 */
export function rawBindingCall(
  profile: AgentProfile,
  input: Record<string, unknown>,
  fetchImpl: typeof fetch,
): { call: RawCall; close(): void } {
  const endpoint = profile.endpoints[0];
  if (!endpoint) throw new Error(`${profile.id} has no endpoint`);
  const metadata = { skillId: 'cap:product_search' };
  if (endpoint.binding === 'JSONRPC') {
    const r: RawRequest = rawSearchRequest(profile, input);
    return { call: () => fetchImpl(r.url, r.init).then((res) => res.json()), close: () => {} };
  }
  if (endpoint.binding === 'HTTP+JSON') {
    const url = `${endpoint.url.replace(/\/$/, '')}/message:send`;
    const init = {
      method: 'POST',
      headers: {
        'content-type': 'application/a2a+json',
        accept: 'application/a2a+json',
        'a2a-version': '1.0',
      },
    };
    return {
      call: () =>
        fetchImpl(url, {
          ...init,
          body: JSON.stringify({
            message: {
              messageId: crypto.randomUUID(),
              role: 'ROLE_USER',
              parts: [{ data: input, metadata }],
            },
          }),
        }).then((res) => res.json()),
      close: () => {},
    };
  }
  // The sandbox's gRPC merchants listen on loopback; the card names them `http://<domain>:<port>`.
  const { hostname, port } = new URL(endpoint.url);
  const client = new grpc.Client(`ipv4:127.0.0.1:${port}`, grpc.credentials.createInsecure(), {
    'grpc.default_authority': `${hostname}:${port}`,
  });
  const method = A2AService.sendMessage;
  const md = new grpc.Metadata();
  md.set('a2a-version', '1.0');
  return {
    call: () =>
      new Promise((resolve, reject) => {
        const request = {
          tenant: '',
          message: {
            messageId: crypto.randomUUID(),
            contextId: '',
            taskId: '',
            role: Role.ROLE_USER,
            parts: [
              { content: { $case: 'data' as const, value: input }, metadata, mediaType: '', filename: '' },
            ],
            metadata: undefined,
            extensions: [],
            referenceTaskIds: [],
          },
          configuration: undefined,
          metadata: undefined,
        };
        client.makeUnaryRequest(
          method.path,
          method.requestSerialize,
          method.responseDeserialize,
          request,
          md,
          (error, value) => (error ? reject(error) : resolve(value)),
        );
      }),
    close: () => client.close(),
  };
}
