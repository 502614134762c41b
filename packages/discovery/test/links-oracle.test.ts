import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { discoverLinks, discoverLinksFromStream } from '../src/links/index.js';

interface OracleCase {
  id: string;
  test_number: number;
  rel: string;
  name: string;
  final_url: string;
  base_url: string;
  response: { status: number; headers: [string, string][]; body: string };
  expected_endpoint: string;
  must_not_discover: string[];
}

const file = new URL('../../../fixtures/oracles/link-discovery/link-discovery.json', import.meta.url);
const oracle = JSON.parse(readFileSync(file, 'utf8')) as { cases: OracleCase[] };

/**
 * Tests whose `must_not_discover` URLs are false links (wrong rel token, inside a comment, a rel="other"
 * header, a link without href): they must not appear at all. In the other tests they are real but later links,
 * which may follow the endpoint in the ordered list but must never come first.
 */
const FALSE_LINK_TESTS = new Set([12, 13, 18, 20]);

function checkCase(c: OracleCase, urls: string[]): void {
  expect(urls[0], c.id).toBe(c.expected_endpoint);
  for (const bad of c.must_not_discover) {
    if (FALSE_LINK_TESTS.has(c.test_number)) expect(urls, c.id).not.toContain(bad);
    else expect(urls.indexOf(bad), c.id).not.toBe(0);
  }
}

describe('link discovery: webmention.rocks oracle cases (full Webmention: <link> and <a>)', () => {
  // The oracle README says 46; the file holds the 18 webmention.rocks tests it could rebuild, each twice.
  it('has every case of the file: 18 webmention tests and their 18 cap-agent-card counterparts', () => {
    expect(oracle.cases).toHaveLength(36);
    expect(oracle.cases.filter((c) => c.rel === 'cap-agent-card')).toHaveLength(18);
    expect(new Set(oracle.cases.map((c) => c.rel))).toEqual(new Set(['webmention', 'cap-agent-card']));
  });

  for (const c of oracle.cases) {
    it(`${c.id}: ${c.name}`, () => {
      const urls = discoverLinks({
        html: c.response.body,
        headers: c.response.headers,
        baseUrl: c.base_url,
        rel: c.rel,
        elements: ['link', 'a'],
      });
      checkCase(c, urls);
    });
  }

  it('gives the same first endpoint when the body arrives as a stream scanned to the end', async () => {
    for (const c of oracle.cases) {
      const bytes = new TextEncoder().encode(c.response.body);
      // Tiny chunks split tags and comments across writes.
      const chunks: Uint8Array[] = [];
      for (let i = 0; i < bytes.length; i += 7) chunks.push(bytes.subarray(i, i + 7));
      const { urls } = await discoverLinksFromStream({
        body: chunks,
        headers: c.response.headers,
        baseUrl: c.base_url,
        rel: c.rel,
        elements: ['link', 'a'],
        scanBody: true,
      });
      checkCase(c, urls);
    }
  });
});
