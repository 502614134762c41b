import { createDnsResolver } from '@agentweb/discovery';
import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { AgentWeb } from 'agentweb';

/** Options of {@link runQuickstart}. */
export interface QuickstartOptions {
  /** A running sandbox to use (default: one is started with three merchants and closed at the end). */
  sandbox?: Sandbox;
  /** Where the walkthrough is written (default `process.stdout`). */
  out?: NodeJS.WritableStream;
  /** What to search for (default `'jacket'`). */
  query?: string;
  /** Aborts every network call. */
  signal?: AbortSignal;
}

/** What the quickstart did, for callers that check it. */
export interface QuickstartResult {
  /** Domain (`host:port`) of the merchant that was discovered and shopped. */
  merchant: string;
  /** How its agent card was found (`dns-txt`, `link-tag` or `well-known`). */
  mechanism: string;
  /** Products the search returned. */
  found: number;
  /** The product looked up and added to the cart. */
  product: { id: string; name: string };
  /** Lines in the cart after the add. */
  cartLines: number;
  /** The cart's grand total as the merchant computed it, e.g. `"42.10 USD"`. */
  cartTotal: string;
}

/**
 * The first five minutes with AgentWeb: discover a merchant, search it, read one product, add it to the cart and
 * view the cart. Everything runs against the local sandbox, so no network access and no keys are needed.
 */
export async function runQuickstart(options: QuickstartOptions = {}): Promise<QuickstartResult> {
  const out = options.out ?? process.stdout;
  const say = (line: string) => out.write(`${line}\n`);
  const sandbox = options.sandbox ?? (await startSandbox({ merchants: 3, seed: 'quickstart' }));
  const dns = createDnsResolver({ servers: [`${sandbox.dns.host}:${sandbox.dns.port}`] });
  const aw = new AgentWeb({
    // The sandbox lives on 127.0.0.1 over plain http, which the defaults refuse; the lookup maps its names.
    lookup: sandbox.lookup,
    allowHttp: true,
    allowPrivateNetwork: true,
    dns,
    // Sandbox carts accept any bearer token; a real merchant would get its own.
    credentials: () => ({ type: 'bearer', token: 'quickstart-user' }),
  });
  const signal = options.signal;
  const call = signal ? { signal } : {};
  try {
    const shop = sandbox.merchants[0];
    if (shop === undefined) throw new Error('the sandbox has no merchant');

    const found = await aw.discover(shop.domain, { requireCap: true, ...call });
    say(`1. discovered ${found.profile.name} by ${found.provenance.mechanism}`);
    say(`   card: ${found.provenance.source}`);

    const merchant = await aw.addMerchant(found.profile, call);
    const query = options.query ?? 'jacket';
    // The filter runs at the merchant (CAP filter syntax); only products that can be bought now come back.
    const filter = "availability = 'inStock'";
    const results = await aw.search(query, { merchants: [merchant.domain], filter, limit: 5, ...call });
    say(`2. search "${query}" where ${filter}: ${results.products.length} products`);
    for (const hit of results.products)
      say(`   - ${hit.product.name} [${hit.product.id}] ${priceOf(hit.product)}`);
    const first = results.products[0];
    if (first === undefined) throw new Error(`no product matched "${query}" at ${merchant.domain}`);

    const detail = await aw.product(first.product.id, { merchant: merchant.domain, ...call });
    say(`3. product ${detail.product.id}: ${detail.product.name}`);
    if (detail.product.description) say(`   ${detail.product.description}`);

    await aw.cart(
      merchant.domain,
      { action: 'add', addItems: [{ productId: detail.product.id, quantity: 2 }] },
      call,
    );
    const cart = await aw.cart(merchant.domain, { action: 'view' }, call);
    const total = `${cart.output.totals.total} ${cart.output.totals.currency}`;
    say(`4. cart ${cart.output.cart.cartId}: ${cart.output.items.length} line(s), total ${total}`);
    for (const line of cart.output.items)
      say(`   - ${line.quantity} x ${line.productName} @ ${line.unitPrice} = ${line.lineTotal}`);

    return {
      merchant: merchant.domain,
      mechanism: found.provenance.mechanism,
      found: results.products.length,
      product: { id: detail.product.id, name: detail.product.name },
      cartLines: cart.output.items.length,
      cartTotal: total,
    };
  } finally {
    await aw.close();
    await dns.close();
    if (options.sandbox === undefined) await sandbox.close();
  }
}

function priceOf(product: {
  offers?: readonly { price?: unknown; priceCurrency?: unknown }[] | undefined;
}): string {
  const offer = product.offers?.[0];
  return offer === undefined ? '' : `${String(offer.price)} ${String(offer.priceCurrency ?? '')}`.trim();
}
