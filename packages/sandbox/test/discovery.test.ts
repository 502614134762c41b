import { parseAgentCard } from '@agentweb/agentcard';
import dnsPacket, { type Packet } from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../src/index.js';
import { framed, tcpExchange, udpExchange } from './helpers/dns-client.js';

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox({ merchants: 3, seed: 'disc' });
});
afterAll(async () => {
  await sb.close();
});

const query = (name: string, type: 'TXT' | 'A') =>
  dnsPacket.encode({ type: 'query', id: 7, flags: dnsPacket.RECURSION_DESIRED, questions: [{ type, name }] });

const udpQuery = async (msg: Buffer): Promise<Packet> => dnsPacket.decode(await udpExchange(sb.dns, msg));
const tcpQuery = async (msg: Buffer): Promise<Packet> => {
  const [answer] = await tcpExchange(sb.dns, [framed(msg)], 1);
  return dnsPacket.decode(answer ?? Buffer.alloc(0));
};

// dns-packet decodes the response code into `rcode`, which its typings omit.
const rcode = (p: Packet): unknown => (p as Packet & { rcode?: string }).rcode;

const txt = (p: Packet) =>
  (p.answers ?? []).flatMap((a) =>
    a.type === 'TXT' ? [([] as unknown[]).concat(a.data).map(String).join('')] : [],
  );

describe('DNS', () => {
  it('serves _cap TXT with the card URL over UDP', async () => {
    const m = sb.merchants[1];
    const p = await udpQuery(query(`_cap.${m?.domain}`, 'TXT'));
    expect(p.id).toBe(7);
    expect(txt(p)).toEqual([m?.cardUrl]);
  });
  it('serves _cap TXT and A over TCP', async () => {
    const m = sb.merchants[2];
    expect(txt(await tcpQuery(query(`_cap.${m?.domain}`, 'TXT')))).toEqual([m?.cardUrl]);
    const a = await tcpQuery(query(`${m?.domain}`, 'A'));
    expect(a.answers?.[0]).toMatchObject({ type: 'A', data: '127.0.0.1' });
  });
  it('NXDOMAIN for unknown sandbox names, REFUSED outside the zone', async () => {
    expect(rcode(await udpQuery(query('_cap.nobody.sandbox.test', 'TXT')))).toBe('NXDOMAIN');
    expect(rcode(await udpQuery(query('_cap.example.com', 'TXT')))).toBe('REFUSED');
  });
  it('DoH GET (base64url) and POST', async () => {
    const m = sb.merchants[0];
    const q = query(`_cap.${m?.domain}`, 'TXT');
    const get = await fetch(`${sb.doh}?dns=${q.toString('base64url')}`);
    expect(get.headers.get('content-type')).toBe('application/dns-message');
    expect(txt(dnsPacket.decode(Buffer.from(await get.arrayBuffer())))).toEqual([m?.cardUrl]);
    const post = await fetch(sb.doh, {
      method: 'POST',
      headers: { 'content-type': 'application/dns-message' },
      body: q,
    });
    expect(txt(dnsPacket.decode(Buffer.from(await post.arrayBuffer())))).toEqual([m?.cardUrl]);
    expect((await fetch(`${sb.doh}?dns=not+base64url=`)).status).toBe(400);
  });
  it('DoH refuses other media types, oversized queries and other methods', async () => {
    const q = query(`_cap.${sb.merchants[0]?.domain}`, 'TXT');
    const post = (body: Uint8Array, type = 'application/dns-message') =>
      fetch(sb.doh, { method: 'POST', headers: { 'content-type': type }, body });
    expect((await post(q, 'text/plain')).status).toBe(415);
    expect((await post(new Uint8Array(100_000))).status).toBe(413);
    expect((await fetch(`${sb.doh}?dns=${'A'.repeat(6000)}`)).status).toBe(413);
    expect((await fetch(sb.doh, { method: 'PUT', body: q })).status).toBe(405);
    // RFC 8484 §5.1: an HTTP cache may keep the answer no longer than its TTL.
    const answer = await fetch(`${sb.doh}?dns=${q.toString('base64url')}`);
    expect(answer.headers.get('cache-control')).toBe('max-age=60');
  });
});

describe('storefront and well-known files', () => {
  it('home page links the agent card', async () => {
    const m = sb.merchants[0];
    const html = await (await sb.fetch(`${m?.baseUrl}/`)).text();
    expect(html).toContain(`<link rel="cap-agent-card" href="${m?.cardUrl}">`);
  });
  it('product pages carry JSON-LD, microdata or the cap-product-id link', async () => {
    const base = sb.merchants[0]?.baseUrl;
    const page = async (n: number) => (await sb.fetch(`${base}/products/P0000-000${n}`)).text();
    const jsonLd = await page(1);
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(jsonLd)?.[1] ?? '{}';
    expect(JSON.parse(ld)).toMatchObject({ '@type': 'Product', productID: 'P0000-0001' });
    expect(await page(2)).toContain('itemtype="https://schema.org/Product"');
    expect(await page(3)).toContain('<link rel="cap-product-id" href="P0000-0003">');
  });
  it('every dialect serves a card that validates, with the bearer scheme in the form of its version', async () => {
    for (const m of sb.merchants) {
      const json = (await (await sb.fetch(m.cardUrl)).json()) as { securitySchemes: Record<string, unknown> };
      const { profile } = parseAgentCard(json);
      expect(profile.auth.schemes.map((s) => s.id)).toEqual(['bearer']);
      // 1.0 cards use the proto3 JSON oneof form, never the SDK's internal `{ $case, value }`.
      expect(JSON.stringify(json.securitySchemes)).not.toContain('$case');
    }
    const dual = sb.merchants[2];
    const v1 = await sb.fetch(dual?.cardUrl ?? '', { headers: { 'a2a-version': '1.0' } });
    expect(parseAgentCard(await v1.json()).version).toMatch(/^1/);
  });

  it('agent card declares CAP, query modes and auth:public; robots and categories exist', async () => {
    const m = sb.merchants[0];
    const card = (await (await sb.fetch(m?.cardUrl ?? '')).json()) as {
      capabilities: { extensions: { uri: string; params: Record<string, unknown> }[] };
      skills: { id: string; tags: string[] }[];
    };
    expect(card.capabilities.extensions[0]).toMatchObject({
      uri: 'https://cap-spec.org',
      params: { 'search-query-modes': ['keyword', 'phrase'] },
    });
    const publicSkills = card.skills.filter((s) => s.tags.includes('auth:public')).map((s) => s.id);
    expect(publicSkills.sort()).toEqual([
      'cap:product_get',
      'cap:product_search',
      'cap:user_preferences_set',
    ]);
    expect((await sb.fetch(`${m?.baseUrl}/.well-known/agent.json`)).status).toBe(200);
    expect(await (await sb.fetch(`${m?.baseUrl}/robots.txt`)).text()).toContain('User-agent: *');
    expect(await (await sb.fetch(`${m?.baseUrl}/.well-known/cap/categories.txt`)).text()).toMatch(
      /^# shop-0/,
    );
  });
  it('lookup maps sandbox domains to loopback and refuses others', async () => {
    const one = await new Promise<string>((r, j) =>
      sb.lookup(sb.merchants[0]?.domain ?? '', {}, (e, a) => (e ? j(e) : r(String(a)))),
    );
    expect(one).toBe('127.0.0.1');
    const err = await new Promise<NodeJS.ErrnoException | null>((r) =>
      sb.lookup('example.com', {}, (e) => r(e)),
    );
    expect(err?.code).toBe('ENOTFOUND');
  });
});
