import { createA2ACard } from '@agentweb/agentcard';
import { createHttpClient, type HttpClient } from '@agentweb/http';
import { createLoopbackOnlyConnector } from '@agentweb/http/test';
import type { CapTxtResult, TxtResolver } from '../../src/dns/dns-types.js';
import { type FakeWeb, testLookup } from './fake-web.js';

/** A valid A2A card whose endpoint is `endpoint`; declares CAP unless `cap` is false. */
export function agentCard(name: string, endpoint: string, cap = true): Record<string, unknown> {
  return createA2ACard({
    name,
    description: `${name} test agent`,
    url: endpoint,
    version: '1.0.0',
    skills: [{ id: cap ? 'cap:product_search' : 'search', name: 'Search', description: 'Search', tags: [] }],
    ...(cap ? { cap: { queryModes: ['keyword'] } } : {}),
  }) as unknown as Record<string, unknown>;
}

/** An HTTP client that reaches the fake web: `*.test` on loopback, plain http allowed, no retries or cache. */
export function loopbackHttp(
  options: { allowHttp?: boolean; lookup?: Record<string, string> } = {},
): HttpClient {
  return createHttpClient({
    allowHttp: options.allowHttp ?? true,
    allowPrivateNetwork: ['*.test'],
    lookup: testLookup(options.lookup),
    // SSRF tests feed the guard private addresses as data; this keeps every socket on loopback regardless.
    connector: createLoopbackOnlyConnector(),
    retry: false,
    cache: false,
    timeoutMs: 5_000,
  });
}

/** A scripted `_cap` TXT answer. */
export type TxtScript = Partial<CapTxtResult> & Pick<CapTxtResult, 'outcome'>;

/** An in-test TxtResolver: answers from `records` by name (NXDOMAIN otherwise) and counts queries. */
export function fakeTxt(records: Record<string, string[] | TxtScript>): TxtResolver & { queries: string[] } {
  const queries: string[] = [];
  return {
    queries,
    async resolveTxt(name) {
      queries.push(name);
      const entry = records[name];
      const base = { name, fromCache: false, elapsedMs: 0, transport: 'udp' as const };
      if (entry === undefined) return { ...base, outcome: 'nxdomain', records: [], ttl: 60 };
      if (Array.isArray(entry)) return { ...base, outcome: 'answer', records: entry, ttl: 120 };
      return { ...base, records: [], ...entry };
    },
  };
}

/** Serves `card` at `/.well-known/agent-card.json` of `host`. */
export function serveWellKnown(
  web: FakeWeb,
  host: string,
  card: unknown,
  headers: Record<string, string> = {},
): void {
  web.route(host, '/.well-known/agent-card.json', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(card));
  });
}
