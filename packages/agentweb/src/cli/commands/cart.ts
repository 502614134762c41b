import type { CliCommand } from '../command.js';

// The command's name, help and flags; what it does is in cart-run.ts, imported only when it runs.
export const cartCommand: CliCommand = {
  name: 'cart',
  summary: 'view or change your cart at a merchant (CAP, or UCP with --ucp-profile); kept for `checkout`',
  usage: [
    'agentweb cart <view|add|remove|clear> <merchant-domain> [<product-id>] [--quantity <n>]',
    '',
    'Shows or changes the cart of --user at one merchant and prints its items and totals. The cart is kept',
    'between runs with --context-file <path> or --redis <url> (use the same one for `agentweb checkout`).',
    'UCP merchants need --ucp-profile <url> (the platform profile you host).',
    '',
    '  add <m> <id>           add a product (or variant) id',
    '  remove <m> <id>        remove it',
    '  clear <m>              empty the cart',
    '  view <m>               show it',
    '  --quantity <n>         how many to add (default 1, at most 999)',
    '',
    'Exit: 0 done, 1 the merchant refused, 2 bad arguments, 3 network failure.',
  ].join('\n'),
  examples: [
    'cart add shop.example SKU-1042 --quantity 2 --context-file ~/.agentweb/state.json',
    'cart view shop.example --context-file ~/.agentweb/state.json --json',
    'cart add ucp-shop.example prod_7 --ucp-profile https://agent.example/.well-known/ucp --redis redis://127.0.0.1:6379',
  ],
  options: { quantity: { type: 'string' } },
  clientFlags: true,
  async run(ctx) {
    const { runCart } = await import('./cart-run.js');
    return runCart(ctx);
  },
};
