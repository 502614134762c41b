import { type AgentProfile, parseAgentCard } from '@agentweb/agentcard';
import { describe, expect, it } from 'vitest';
import { merchantBackoffKey } from '../backoff/merchant-backoff-key.js';
import { merchantHostKey } from './merchant-host.js';

const SKILLS = [{ id: 's', name: 's', description: 's', tags: [] }];

function v1Profile(interfaces: { url: string; protocolBinding: string }[]): AgentProfile {
  return parseAgentCard({
    name: 'shop',
    description: 'a shop',
    version: '1',
    supportedInterfaces: interfaces.map((i) => ({ ...i, protocolVersion: '1.0' })),
    capabilities: {},
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: SKILLS,
  }).profile;
}

const key = (profile: AgentProfile) => merchantHostKey({ merchantId: 'm1', profile });

describe('merchantHostKey', () => {
  it('is host:port of the endpoint the A2A client calls, skipping a first interface of an unknown binding', () => {
    const profile = v1Profile([
      { url: 'https://soap.other.test/soap', protocolBinding: 'SOAP' },
      { url: 'https://Shop.test:8443/a2a', protocolBinding: 'JSONRPC' },
    ]);
    expect(profile.endpoints[0]?.binding).toBe('SOAP');
    expect(key(profile)).toBe('shop.test:8443');
  });

  it('reads the host of every gRPC target form, dns:/// included', () => {
    for (const url of [
      'dns:///shop.test:50051',
      'dns://8.8.8.8/shop.test:50051',
      'shop.test:50051',
      'grpc://shop.test:50051',
    ])
      expect(key(v1Profile([{ url, protocolBinding: 'GRPC' }])), url).toBe('shop.test:50051');
    expect(key(v1Profile([{ url: 'https://shop.test', protocolBinding: 'GRPC' }]))).toBe('shop.test:443');
  });

  it('gives a merchant without a usable endpoint a key of its own', () => {
    expect(key(v1Profile([{ url: 'https://soap.test/x', protocolBinding: 'SOAP' }]))).toBe('merchant:m1');
    expect(key(v1Profile([{ url: 'unix:///tmp/sock', protocolBinding: 'GRPC' }]))).toBe('merchant:m1');
    // Plain JS may hand over anything; the key must still come back.
    expect(merchantHostKey({ merchantId: 'm2', profile: undefined as unknown as AgentProfile })).toBe(
      'merchant:m2',
    );
  });
});

describe('merchantBackoffKey', () => {
  it('pairs the id with the called host, so a card claiming a known id with its own endpoints gets its own key', () => {
    const real = v1Profile([{ url: 'https://shop.test/a2a', protocolBinding: 'JSONRPC' }]);
    const impostor = v1Profile([{ url: 'https://evil.test/a2a', protocolBinding: 'JSONRPC' }]);
    expect(merchantBackoffKey({ merchantId: 'shop', profile: real })).toBe('shop@shop.test');
    expect(merchantBackoffKey({ merchantId: 'shop', profile: impostor })).toBe('shop@evil.test');
  });
});
