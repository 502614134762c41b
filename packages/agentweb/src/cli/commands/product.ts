import type { CliCommand } from '../command.js';

// The command's name, help and flags; what it does is in product-run.ts, imported only when it runs, so the help
// and the other commands do not load its modules.
export const productCommand: CliCommand = {
  name: 'product',
  summary: 'read a product page, find its id and merchant, and fetch the product (cap:product_get)',
  usage: [
    'agentweb product <product-page-url|id> [--merchant <domain>]',
    '',
    'A page URL: the product id is read from the page (cap-product-id link, JSON-LD or microdata), the',
    "page's merchant is discovered, and the product is fetched from it. An id needs --merchant.",
    '',
    '  --merchant <m>         merchant to ask when an id (not a page URL) is given',
    '',
    'Exit: 0 found, 1 no id on the page or unknown product id, 2 an id without --merchant, 3 network failure.',
  ].join('\n'),
  examples: [
    'product https://shop.example/products/blue-socks',
    'product SKU-1042 --merchant shop.example --json',
  ],
  options: { merchant: { type: 'string' } },
  clientFlags: true,
  async run(ctx) {
    const { runProduct } = await import('./product-run.js');
    return runProduct(ctx);
  },
};
