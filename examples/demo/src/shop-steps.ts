import type { Sandbox } from '@agentweb/sandbox';
import type { AgentWeb } from 'agentweb';
import { merchantNamer, type Printer, priceOf } from './print.js';

type SearchResult = Awaited<ReturnType<AgentWeb['search']>>;

/** What the search step saw. */
export interface SearchReport {
  /** Products returned. */
  products: number;
  /** Each merchant's outcome, by domain. */
  outcomes: { merchant: string; status: string; reason: string | undefined; products: number }[];
  /** True when the deadline cut the search short. */
  deadlineReached: boolean;
  /** The raw result, for the next steps. */
  result: SearchResult;
}

/** Searches every merchant at once with a deadline; the faulty one is reported, the others' products kept. */
export async function searchStep(
  aw: AgentWeb,
  query: string,
  deadlineMs: number,
  print: Printer,
  signal?: AbortSignal,
): Promise<SearchReport> {
  const filter = "availability = 'inStock'";
  const result = await aw.search(query, { filter, deadlineMs, limit: 3, ...(signal ? { signal } : {}) });
  const name = merchantNamer(aw.merchants());
  const outcomes = result.outcomes.map((o) => ({
    merchant: name(o.merchantId),
    status: o.status,
    reason: o.reason,
    products: o.products,
  }));
  print.line(
    `"${query}" where ${filter}, at ${outcomes.length} merchants, deadline ${deadlineMs} ms: ${result.products.length} products`,
  );
  for (const o of outcomes) {
    print.line(
      `  ${o.merchant.padEnd(20)} ${o.status.padEnd(8)} ${String(o.products).padStart(2)} products${o.reason ? `  (${o.reason})` : ''}`,
    );
  }
  for (const hit of result.products.slice(0, 6)) {
    print.line(`  - ${name(hit.merchantId)}: ${hit.product.name} ${priceOf(hit.product.offers)}`);
  }
  if (result.deadlineReached)
    print.line('  deadline reached: the answers that arrived are returned, the slow merchant is marked');
  return { products: result.products.length, outcomes, deadlineReached: result.deadlineReached, result };
}

/** What the product step resolved. */
export interface ProductReport {
  /** The product page URL read. */
  pageUrl: string;
  /** Domain (`host:port`) of the merchant that answered `productGet`. */
  merchant: string;
  /** The id read from the page. */
  productId: string;
  /** The product's name as the merchant returned it. */
  name: string;
  /** `id` or `page`. */
  source: string;
}

/**
 * Resolves a product page URL, as a user would paste it: the page is read for its product id (JSON-LD, microdata
 * or a `cap-product-id` link), its merchant is resolved and asked with `productGet`.
 */
export async function productStep(
  aw: AgentWeb,
  sandbox: Sandbox,
  search: SearchResult,
  print: Printer,
  signal?: AbortSignal,
): Promise<ProductReport> {
  const hit = search.products.find((p) =>
    search.outcomes.some((o) => o.merchantId === p.merchantId && o.status === 'ok'),
  );
  if (hit === undefined) throw new Error('the search returned no product to look up');
  const host = merchantNamer(aw.merchants())(hit.merchantId);
  const merchant = sandbox.merchants.find((m) => m.domain === host);
  if (merchant === undefined) throw new Error(`merchant ${host} is not in the sandbox`);
  const pageUrl = `${merchant.baseUrl}/products/${encodeURIComponent(hit.product.id)}`;
  const found = await aw.product(pageUrl, signal ? { signal } : {});
  print.line(`page ${pageUrl}`);
  const domain = aw.merchants().find((m) => m.id === found.merchantId)?.domain ?? found.merchantId;
  print.line(
    `  -> ${found.source === 'page' ? 'id read from the page' : 'id given'}: ${found.productId}, merchant ${domain}`,
  );
  print.line(`  -> productGet: ${found.product.name} ${priceOf(found.product.offers)}`);
  return {
    pageUrl,
    merchant: domain,
    productId: found.productId,
    name: found.product.name,
    source: found.source,
  };
}

/** What the cart step left in the cart. */
export interface CartReport {
  /** Domain of the merchant holding the cart. */
  merchant: string;
  /** The cart's lines. */
  lines: { productId: string; quantity: number; lineTotal: string }[];
  /** Grand total with currency, e.g. `259.20 USD`. */
  total: string;
}

/** Adds the product to the cart at its merchant and reads the cart back. */
export async function cartStep(
  aw: AgentWeb,
  product: ProductReport,
  print: Printer,
  signal?: AbortSignal,
): Promise<CartReport> {
  const call = signal ? { signal } : {};
  await aw.cart(
    product.merchant,
    { action: 'add', addItems: [{ productId: product.productId, quantity: 2 }] },
    call,
  );
  const { output } = await aw.cart(product.merchant, { action: 'view' }, call);
  const total = `${output.totals.total} ${output.totals.currency}`;
  print.line(`cart ${output.cart.cartId} at ${product.merchant.replace(/:\d+$/, '')}:`);
  for (const line of output.items)
    print.line(`  ${line.quantity} x ${line.productName} @ ${line.unitPrice} = ${line.lineTotal}`);
  print.line(
    `  subtotal ${output.totals.subtotal}, discount ${output.totals.discount ?? '0.00'}, tax ${output.totals.tax ?? '0.00'}, total ${total}`,
  );
  return {
    merchant: product.merchant,
    lines: output.items.map((l) => ({
      productId: l.productId,
      quantity: l.quantity,
      lineTotal: l.lineTotal,
    })),
    total,
  };
}
