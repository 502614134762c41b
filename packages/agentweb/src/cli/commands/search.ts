import type { FanOutProduct } from '@agentweb/cap';
import { CliUsageError } from '../cli-errors.js';
import { writeJson, writeLine } from '../cli-io.js';
import type { CliCommand } from '../command.js';
import { EXIT, exitCodeFor } from '../exit-codes.js';
import { booleanFlag, integerFlag, requirePositionals, stringFlag, stringList } from '../flag-values.js';
import { formatFields, formatMs, formatTable } from '../table.js';

function priceOf(item: FanOutProduct): string | undefined {
  const offer = item.product.offers?.[0];
  if (!offer?.price) return undefined;
  return offer.priceCurrency ? `${offer.price} ${offer.priceCurrency}` : offer.price;
}

export const searchCommand: CliCommand = {
  name: 'search',
  summary: 'search products across CAP merchants at once (partial results at the deadline)',
  usage: [
    'agentweb search "<query>" --merchant <domain|card-url>... [--filter <expr>] [--limit <n>] [--deadline <ms>]',
    '',
    'Asks every merchant at once (cap:product_search) and prints the products (merchant, id, name, price)',
    'and what happened at each merchant. Merchants are discovered first.',
    '',
    '  --merchant <m>         merchant domain, id or agent card URL; repeatable (required)',
    '  --filter <expr>        CAP filter, e.g. "price < 100 AND brand = \'Acme\'"',
    '  --limit <n>            results per merchant (default 10, at most 100)',
    '  --deadline <ms>        whole-search deadline; what arrived by then is shown (default 5000)',
    '  --phrase               phrase query mode instead of keyword',
    '',
    'Exit: 0 at least one merchant answered, 1 none answered, 3 every merchant failed on the network.',
  ].join('\n'),
  options: {
    merchant: { type: 'string', multiple: true },
    filter: { type: 'string' },
    limit: { type: 'string' },
    deadline: { type: 'string' },
    phrase: { type: 'boolean' },
  },
  clientFlags: true,
  async run(ctx) {
    const [query] = requirePositionals(ctx.positionals, ['query'], 'search');
    const merchants = stringList(ctx.values, 'merchant');
    if (merchants.length === 0) throw new CliUsageError('at least one --merchant is required', 'search');
    const limit = integerFlag(ctx.values, 'limit', { min: 1, max: 100, command: 'search' });
    const deadlineMs = integerFlag(ctx.values, 'deadline', { min: 1, max: 600_000, command: 'search' });
    const filter = stringFlag(ctx.values, 'filter');
    const result = await ctx.client().search(query!, {
      merchants,
      signal: ctx.signal,
      ...(filter !== undefined ? { filter } : {}),
      ...(limit !== undefined ? { limit } : {}),
      ...(deadlineMs !== undefined ? { deadlineMs } : {}),
      ...(booleanFlag(ctx.values, 'phrase') ? { queryMode: 'phrase' as const } : {}),
    });
    const answered = result.outcomes.filter((o) => o.status === 'ok' || o.products > 0).length;
    if (ctx.json) writeJson(ctx.io.stdout, { query, ...result });
    else {
      const { stdout } = ctx.io;
      stdout.write(
        formatTable(
          ['merchant', 'id', 'name', 'price'],
          result.products.map((p) => [p.merchantId, p.product.id, p.product.name, priceOf(p)]),
        ),
      );
      writeLine(stdout);
      stdout.write(
        formatTable(
          ['merchant', 'status', 'products', 'elapsed', 'reason'],
          result.outcomes.map((o) => [o.merchantId, o.status, o.products, formatMs(o.elapsedMs), o.reason]),
        ),
      );
      writeLine(stdout);
      stdout.write(
        formatFields([
          ['products', result.products.length],
          ['duplicates', result.duplicates],
          ['elapsed', formatMs(result.elapsedMs)],
          ['deadline reached', result.deadlineReached ? 'yes' : 'no'],
        ]),
      );
    }
    if (answered > 0) return EXIT.ok;
    const networkOnly = result.outcomes.every(
      (o) => o.status === 'timeout' || (o.error !== undefined && exitCodeFor(o.error) === EXIT.network),
    );
    return result.outcomes.length > 0 && networkOnly ? EXIT.network : EXIT.failed;
  },
};
