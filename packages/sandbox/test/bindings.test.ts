import { afterEach, describe, expect, it } from 'vitest';
import { isSandboxOptionsError, type Sandbox, startSandbox } from '../src/index.js';

const open: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

describe('merchant bindings', () => {
  it('assigns bindings round-robin; REST and gRPC merchants declare only their endpoint in the card', async () => {
    const sb = await startSandbox({
      merchants: 3,
      seed: 'bindings',
      bindings: ['HTTP+JSON', 'GRPC'],
      agis: false,
    });
    open.push(sb);
    expect(sb.merchants.map((m) => m.binding)).toEqual(['HTTP+JSON', 'GRPC', 'HTTP+JSON']);
    for (const m of sb.merchants) {
      const card = (await (await sb.fetch(m.cardUrl)).json()) as {
        supportedInterfaces: { url: string; protocolBinding: string }[];
      };
      expect(new Set(card.supportedInterfaces.map((i) => i.protocolBinding))).toEqual(new Set([m.binding]));
      expect(card.supportedInterfaces[0]?.url).toBe(m.endpointUrl);
      // No JSON-RPC endpoint on a merchant of another binding.
      const rpc = await sb.fetch(m.rpcUrl, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      });
      expect(rpc.status).toBe(404);
    }
  });

  it('refuses faults a binding cannot inject, and unknown bindings', async () => {
    const grpcOversized = await startSandbox({
      merchants: 1,
      bindings: ['GRPC'],
      agis: false,
      faults: { 0: { oversized: {} } },
    }).catch((e: unknown) => e);
    expect(isSandboxOptionsError(grpcOversized)).toBe(true);
    expect(String(grpcOversized)).toMatch(/oversized is not available on a gRPC merchant/);
    const restWrongIds = await startSandbox({
      merchants: 1,
      bindings: ['HTTP+JSON'],
      agis: false,
      faults: { 0: { wrongIds: true } },
    }).catch((e: unknown) => e);
    expect(String(restWrongIds)).toMatch(/wrongIds acts on JSON-RPC envelopes/);
    const unknown = await startSandbox({ bindings: ['WEBSOCKET' as 'GRPC'] }).catch((e: unknown) => e);
    expect(isSandboxOptionsError(unknown)).toBe(true);
  });
});
