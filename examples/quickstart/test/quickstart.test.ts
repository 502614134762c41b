import { PassThrough } from 'node:stream';
import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runQuickstart } from '../src/quickstart.js';

describe('quickstart', () => {
  let sb: Sandbox;
  beforeAll(async () => {
    sb = await startSandbox({ merchants: 2, seed: 'quickstart-test' });
  });
  afterAll(async () => {
    await sb.close();
  });

  it('discovers a merchant by DNS, searches it, reads a product and fills a cart there', async () => {
    const out = new PassThrough();
    const chunks: string[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
    const shop = sb.merchants[0];
    if (shop === undefined) throw new Error('no merchant');

    const result = await runQuickstart({ sandbox: sb, out, query: 'jacket' });

    expect(result.merchant).toBe(new URL(shop.baseUrl).host);
    // The sandbox publishes `_cap` TXT records, which CAP tries first.
    expect(result.mechanism).toBe('dns-txt');
    expect(result.found).toBeGreaterThan(0);
    expect(result.cartLines).toBe(1);
    expect(result.cartTotal).toMatch(/^\d+\.\d{2} [A-Z]{3}$/);
    // The calls reached the merchant, not a cache or a stub.
    expect(shop.stats.skillCalls['cap:product_search']).toBeGreaterThan(0);
    expect(shop.stats.skillCalls['cap:product_get']).toBeGreaterThan(0);
    expect(shop.stats.skillCalls['cap:cart_manage']).toBe(2);

    const text = chunks.join('');
    expect(text).toContain('by dns-txt');
    // The product read and carted is one the search returned.
    expect(text).toContain(`${result.product.name} [${result.product.id}]`);
    expect(text).toContain(`product ${result.product.id}: ${result.product.name}`);
    expect(text).toContain(`1 line(s), total ${result.cartTotal}`);
  });
});
