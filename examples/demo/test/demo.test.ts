import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runDemo } from '../src/run-demo.js';

describe('the one-command demo', () => {
  it('walks discovery, fan-out search, product page, cart and an AGIS intent against the embedded sandbox', async () => {
    const out = new PassThrough();
    const chunks: string[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));

    // The faulty merchant never answers, so a longer deadline changes nothing for it; it keeps the healthy three
    // from missing the cut on a busy machine.
    const report = await runDemo({ out, searchDeadlineMs: 4_000 });
    const text = chunks.join('');

    // 1. One merchant per mechanism, each trace ending in `found` for that mechanism.
    expect(report.discovered.map((d) => d.mechanism)).toEqual(['dns-txt', 'link-tag', 'well-known']);
    for (const d of report.discovered) {
      expect(d.cardUrl).toMatch(/^http:\/\/shop-\d\.sandbox\.test:\d+\/\.well-known\/agent(-card)?\.json$/);
      expect(d.trace.at(-1)).toMatch(/ found /);
    }
    expect(report.discovered[0]?.trace[0]).toMatch(/^dns-txt\s+pointer\s+_cap\.shop-0\.sandbox\.test/);
    expect(report.discovered[1]?.trace[0]).toMatch(/^link-tag\s+pointer/);
    expect(text).toContain('== 1. Discover merchants by DNS TXT, link tag and well-known URI');
    // One merchant per A2A binding; the search below reaches each on its own.
    expect(report.discovered.map((d) => d.binding.name)).toEqual(['JSONRPC', 'HTTP+JSON', 'GRPC']);
    expect(text).toMatch(/A2A GRPC at http:\/\/shop-2\.sandbox\.test:\d+\)/);
    expect(text).toMatch(/A2A HTTP\+JSON at http:\/\/shop-1\.sandbox\.test:\d+\/a2a\/rest\)/);

    // 2. Partial results: the faulty merchant timed out, the others answered and their products are kept.
    expect(report.merchants).toEqual([
      ...[0, 1, 2, 3].map((i) => `shop-${i}.sandbox.test`),
      'ucp-0.sandbox.test',
      'ucp-1.sandbox.test',
    ]);
    expect(report.faultyMerchant).toBe('shop-3');
    expect(report.search.deadlineReached).toBe(true);
    const statuses = report.search.outcomes.map((o) => o.status);
    // Three CAP merchants and both UCP merchants (REST and MCP) answered in the same fan-out.
    expect(statuses.filter((s) => s === 'ok')).toHaveLength(5);
    expect(report.search.outcomes.slice(4).map((o) => [o.merchant, o.status])).toEqual([
      ['ucp-0.sandbox.test', 'ok'],
      ['ucp-1.sandbox.test', 'ok'],
    ]);
    expect(report.search.outcomes[3]).toMatchObject({
      merchant: 'shop-3.sandbox.test',
      status: 'timeout',
      products: 0,
    });
    expect(report.search.products).toBeGreaterThan(0);
    expect(text).toMatch(/timeout\s+0 products/);

    // 3. The product page was read for its id and answered by productGet at its merchant.
    expect(report.product.source).toBe('page');
    expect(report.product.pageUrl).toContain(`/products/${encodeURIComponent(report.product.productId)}`);
    expect(text).toContain(`productGet: ${report.product.name}`);

    // 4. The cart holds what was added.
    expect(report.cart.lines).toEqual([
      expect.objectContaining({ productId: report.product.productId, quantity: 2 }),
    ]);
    expect(report.cart.total).toMatch(/^\d+\.\d{2} [A-Z]{3}$/);

    // 5. The instruction went to the booking endpoint, was confirmed first, and the service booked it.
    expect(report.intent.services).toHaveLength(2);
    expect(report.intent.endpoint).toBe('BOOK /reservation');
    expect(report.intent.confirmations).toEqual([
      expect.objectContaining({ endpoint: 'BOOK /reservation', approved: true }),
    ]);
    expect(report.intent.confirmations[0]?.input).toMatchObject({ party_size: 2 });
    expect(report.intent.status).toBeGreaterThanOrEqual(200);
    expect(report.intent.status).toBeLessThan(300);
    expect(report.intent.data).toMatchObject({ status: 'confirmed' });
    expect(text).toContain('user (scripted): yes');

    // 6. A UCP checkout: not completed before confirmation (continue_url offered), completed after it.
    expect(report.checkout.draft.status).toBe('ready_for_complete');
    expect(report.checkout.draft.continueUrl).toMatch(/^http:\/\/ucp-\d\.sandbox\.test:\d+\/checkout\//);
    expect(report.checkout.status).toBe('completed');
    expect(report.checkout.orderId).toEqual(expect.any(String));
    expect(text).toContain("validated against the spec's JSON Schemas: yes");
    expect(text).toContain('== 7. Done');
  });
});
