import { CliUsageError } from '../cli-errors.js';
import { writeJson } from '../cli-io.js';
import type { CommandContext } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { requirePositionals, stringFlag } from '../flag-values.js';
import { formatFields, formatTable } from '../table.js';

function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : JSON.stringify(value);
}

/** Runs `agentweb product` (its flags and help are in product.ts, loaded without this). */
export async function runProduct(ctx: CommandContext): Promise<number> {
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
}
