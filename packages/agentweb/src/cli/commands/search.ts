import type { CliCommand } from '../command.js';

// The command's name, help and flags; what it does is in search-run.ts, imported only when it runs, so the help
// and the other commands do not load its modules.
export const searchCommand: CliCommand = {
  name: 'search',
  summary: 'search products across CAP merchants at once (partial results at the deadline)',
  usage: [
    'agentweb search "<query>" --merchant <domain|card-url>... [--filter <expr>] [--limit <n>] [--deadline <ms>]',
    '',
    'Asks every merchant at once (cap:product_search) and prints the products (merchant, id, name, price)',
    'and what happened at each merchant. Merchants are discovered first. On a terminal each merchant is shown',
    'as it answers, with the merchants still pending on stderr.',
    '',
    '  --merchant <m>         merchant domain, id or agent card URL; repeatable (required)',
    '  --filter <expr>        CAP filter, e.g. "price < 100 AND brand = \'Acme\'"',
    '  --limit <n>            results per merchant (default 10, at most 100)',
    '  --deadline <ms>        whole-search deadline; what arrived by then is shown (default 5000)',
    '  --phrase               phrase query mode instead of keyword',
    '',
    'Exit: 0 at least one merchant answered, 1 none answered, 2 empty query or bad --filter, 3 every merchant',
    'failed on the network.',
  ].join('\n'),
  examples: [
    'search "running shoes" --merchant shop.example',
    'search socks --merchant shop.example --merchant other-shop.example --limit 5 --json',
    'search "rain jacket" --merchant shop.example --filter "price < 100 AND brand = \'Acme\'" --deadline 3000',
  ],
  options: {
    merchant: { type: 'string', multiple: true },
    filter: { type: 'string' },
    limit: { type: 'string' },
    deadline: { type: 'string' },
    phrase: { type: 'boolean' },
  },
  clientFlags: true,
  async run(ctx) {
    const { runSearch } = await import('./search-run.js');
    return runSearch(ctx);
  },
};
