import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { merchantIdentity } from './merchant-identity.js';

const CARD = 'https://shop.example/.well-known/agent-card.json';

describe('merchantIdentity', () => {
  it('a JSON-RPC endpoint on the card’s origin is known by its URL, with no warning', () => {
    const identity = merchantIdentity({
      endpoint: { url: 'https://shop.example/a2a', binding: 'JSONRPC' },
      cardUrl: CARD,
    });
    expect(identity).toMatchObject({
      key: 'https://shop.example/a2a',
      origin: 'https://shop.example',
      cardUrl: CARD,
      crossOrigin: false,
      warnings: [],
    });
  });

  it('another binding on the card’s origin is prefixed by it; gRPC counts the host name only', () => {
    const rest = merchantIdentity({
      endpoint: { url: 'https://shop.example/a2a/rest', binding: 'HTTP+JSON' },
      cardUrl: CARD,
    });
    expect(rest.key).toBe('HTTP+JSON https://shop.example/a2a/rest');
    const grpc = merchantIdentity({ endpoint: { url: 'shop.example:8443', binding: 'GRPC' }, cardUrl: CARD });
    expect(grpc).toMatchObject({ key: 'GRPC shop.example:8443', crossOrigin: false });
  });

  it('an endpoint on another origin carries the card’s origin in its key and a warning', () => {
    const forged = merchantIdentity({
      endpoint: { url: 'https://shop.example/a2a', binding: 'GRPC' },
      cardUrl: 'https://evil.example/card.json',
      endpointIndex: 2,
    });
    expect(forged).toMatchObject({
      key: 'GRPC https://shop.example/a2a via https://evil.example',
      origin: 'https://evil.example',
      crossOrigin: true,
      warnings: [{ code: 'endpoint-cross-origin', path: 'endpoints[2].url' }],
    });
    // Another port of the same host is another origin for HTTP bindings.
    const port = merchantIdentity({
      endpoint: { url: 'https://shop.example:8443/a2a', binding: 'JSONRPC' },
      cardUrl: CARD,
    });
    expect(port.crossOrigin).toBe(true);
  });

  it('a profile without a card is vouched for by its endpoint’s origin', () => {
    const identity = merchantIdentity({ endpoint: { url: 'https://shop.example/a2a', binding: 'JSONRPC' } });
    expect(identity).toMatchObject({
      key: 'https://shop.example/a2a',
      origin: 'https://shop.example',
      crossOrigin: false,
    });
  });

  it('an endpoint’s text cannot spell another card’s origin into its key', () => {
    // A gRPC target's path is ignored, so this endpoint is on shop.example's own host, and its text ends the way
    // the key of a card from evil.example naming shop.example:443/x does.
    const own = merchantIdentity({
      endpoint: { url: 'shop.example:443/x via https://evil.example', binding: 'GRPC' },
      cardUrl: CARD,
    });
    const forged = merchantIdentity({
      endpoint: { url: 'shop.example:443/x', binding: 'GRPC' },
      cardUrl: 'https://evil.example/card.json',
    });
    expect(own.crossOrigin).toBe(false);
    expect(forged.key).toBe('GRPC shop.example:443/x via https://evil.example');
    expect(own.key).not.toBe(forged.key);
  });

  it('an endpoint that is not well-formed UTF-16 gets a key of its own, without a throw', () => {
    const keys = ['x\uD800 y', 'x\uDFFF y', 'x\uFFFD y'].map(
      (url) => merchantIdentity({ endpoint: { url, binding: 'GRPC' }, cardUrl: CARD }).key,
    );
    expect(new Set(keys).size).toBe(3);
  });

  it('cards from hosts that differ never share a key, whatever endpoint and binding they name', () => {
    const host = fc.constantFrom('shop.example', 'evil.example', 'shop.example.evil', 'a.b');
    const origin = fc.record({
      scheme: fc.constantFrom('http', 'https'),
      host,
      port: fc.option(fc.constantFrom(80, 443, 8080, 9000), { nil: undefined }),
    });
    const url = fc.oneof(
      fc
        .record({ o: origin, path: fc.string({ unit: 'grapheme' }) })
        .map(({ o, path }) => `${o.scheme}://${o.host}${o.port ? `:${o.port}` : ''}/${path}`),
      fc
        .record({
          h: host,
          port: fc.nat(65_535),
          path: fc.constantFrom('', '/x', '/x via https://evil.example'),
        })
        .map(({ h, port, path }) => `${h}:${port}${path}`),
      fc.constantFrom('shop.example:443/x', 'a:x via https://evil.example'),
      fc.string(),
    );
    const input = fc.record({
      card: origin,
      endpoint: fc.record({ url, binding: fc.constantFrom('JSONRPC', 'HTTP+JSON', 'GRPC') }),
    });
    fc.assert(
      fc.property(input, input, (a, b) => {
        fc.pre(a.card.host !== b.card.host);
        const cardUrl = (c: typeof a.card) =>
          `${c.scheme}://${c.host}${c.port ? `:${c.port}` : ''}/.well-known/agent-card.json`;
        const ka = merchantIdentity({ endpoint: a.endpoint, cardUrl: cardUrl(a.card) }).key;
        const kb = merchantIdentity({ endpoint: b.endpoint, cardUrl: cardUrl(b.card) }).key;
        expect(ka).not.toBe(kb);
      }),
    );
  });
});
