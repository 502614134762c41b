import { CliUsageError } from '../cli-errors.js';
import { writeJson } from '../cli-io.js';
import type { CliCommand } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { requirePositionals, stringFlag } from '../flag-values.js';
import { formatFields, formatTable } from '../table.js';

function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : JSON.stringify(value);
}

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
    const [target] = requirePositionals(ctx.positionals, ['url'], 'product');
    const merchant = stringFlag(ctx.values, 'merchant');
    if (merchant === undefined && !/^https?:\/\//i.test(target!.trim()))
      throw new CliUsageError(
        `"${target}" is a product id, not a page URL: name the merchant that has it with --merchant <domain>`,
        'product',
      );
    const found = await ctx.client().product(target!, {
      signal: ctx.signal,
      ...(merchant !== undefined ? { merchant } : {}),
    });
    if (ctx.json) {
      writeJson(ctx.io.stdout, found);
      return EXIT.ok;
    }
    const { stdout } = ctx.io;
    const { product } = found;
    const record = product as Record<string, unknown>;
    stdout.write(
      formatFields([
        ['product id', found.productId],
        ['found on', found.source === 'page' ? (found.page?.finalUrl ?? target) : 'given'],
        ['merchant', found.merchantId],
        ['name', text(record['name'])],
        ['brand', text(record['brand'])],
        ['category', text(record['category'])],
        ['gtin', text(record['gtin'])],
        ['url', text(record['url'])],
        ['description', text(record['description'])],
      ]),
    );
    const offers = Array.isArray(record['offers']) ? (record['offers'] as Record<string, unknown>[]) : [];
    if (offers.length > 0) {
      stdout.write('\n');
      stdout.write(
        formatTable(
          ['offer', 'price', 'currency', 'availability', 'type'],
          offers.map((o) => [
            text(o['identifier']),
            text(o['price']),
            text(o['priceCurrency']),
            text(o['availability']),
            text(o['additionalType']),
          ]),
        ),
      );
    }
    return EXIT.ok;
  },
};
