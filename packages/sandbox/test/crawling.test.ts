import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../src/index.js';

// The storefronts as a crawler sees them: a Crawl-delay in robots.txt, a latency on every answer, and counters
// measured on the server side that tests and benchmarks read to judge a crawler's politeness.
let sb: Sandbox;
let plain: Sandbox;

beforeAll(async () => {
  sb = await startSandbox({
    merchants: 2,
    agis: false,
    crawling: { crawlDelaySeconds: 0.2, pageLatency: { minMs: 30, maxMs: 40 } },
  });
  plain = await startSandbox({ merchants: 1, agis: false });
});
afterAll(async () => {
  await sb?.close();
  await plain?.close();
});

const get = async (box: Sandbox, index: number, path: string) => {
  const started = performance.now();
  const response = await box.fetch(`${box.merchants[index]!.baseUrl}${path}`);
  const text = await response.text();
  return { status: response.status, text, ms: performance.now() - started };
};

describe('sandbox crawling options', () => {
  it('puts the Crawl-delay in robots.txt and delays every storefront answer, but not the A2A endpoint', async () => {
    const robots = await get(sb, 0, '/robots.txt');
    expect(robots.text).toContain('Crawl-delay: 0.2\n');
    expect(robots.ms).toBeGreaterThanOrEqual(29);
    const page = await get(sb, 0, '/products/P0000-0001');
    expect(page.status).toBe(200);
    expect(page.ms).toBeGreaterThanOrEqual(29);
    expect((await get(plain, 0, '/robots.txt')).text).not.toContain('Crawl-delay');
  });

  it('counts storefront requests per host, repeats, robots.txt fetches and arrivals closer than the Crawl-delay', async () => {
    const stats = sb.merchants[1]!.stats.crawl;
    await get(sb, 1, '/robots.txt');
    await new Promise((resolve) => setTimeout(resolve, 220));
    await get(sb, 1, '/products/P0001-0001');
    expect(stats).toMatchObject({
      requests: 2,
      robotsTxtRequests: 1,
      repeatedRequests: 0,
      crawlDelayViolations: 0,
    });
    // Two at once: the second arrives well inside the Crawl-delay, and asks for a page already served.
    await Promise.all([get(sb, 1, '/products/P0001-0001'), get(sb, 1, '/products/P0001-0002')]);
    expect(stats.requests).toBe(4);
    expect(stats.repeatedRequests).toBe(1);
    expect(stats.crawlDelayViolations).toBeGreaterThanOrEqual(1);
    expect(stats.minGapMs).toBeLessThan(200);
    // The other host's counters are its own.
    expect(sb.merchants[0]!.stats.crawl.robotsTxtRequests).toBe(1);
  });
});
