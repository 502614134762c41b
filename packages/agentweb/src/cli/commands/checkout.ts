import type { CliCommand } from '../command.js';

/** The environment variable a payment token may come from, so it need not sit in shell history. */
export const PAYMENT_TOKEN_ENV = 'AGENTWEB_PAYMENT_TOKEN';

// The command's name, help and flags; what it does is in checkout-run.ts, imported only when it runs.
export const checkoutCommand: CliCommand = {
  name: 'checkout',
  summary: 'check out your cart at a UCP merchant; pays only with --confirm, a payment token and the total',
  usage: [
    'agentweb checkout <merchant-domain> --ucp-profile <url> [--confirm] [--payment-token <token>]',
    '                  [--payment-handler <id>] [--expected-total <minor-units>] [--buyer-email <email>]',
    '',
    'Creates or updates the checkout session from your cart (`agentweb cart`, same --user and --context-file',
    "or --redis) and prints its state, totals, the merchant's messages and the continue_url where the buyer",
    "can finish on the merchant's own page. Without --confirm nothing is ever paid (exit 4). With --confirm, a",
    'payment token and --expected-total (required with them) the session is completed, but only when its total',
    'is still that one (otherwise exit 5, nothing paid). With --confirm and no token: the continue_url (exit 4).',
    '',
    '  --confirm              the buyer confirmed this purchase and its total',
    `  --payment-token <t>    opaque token from the merchant's payment handler (or $${PAYMENT_TOKEN_ENV});`,
    '                         never printed, logged or put in an error',
    "  --payment-handler <id> the merchant's payment handler the token is for (default: its only one)",
    '  --expected-total <n>   the total the buyer confirmed, in minor units (1999 = 19.99 USD), as printed;',
    '                         required with --confirm and a token',
    "  --buyer-email <email>  the buyer's email, sent with the session",
    '',
    'Exit: 0 completed, 1 the merchant refused or the cart is empty or the merchant is CAP, 2 bad arguments,',
    '3 network failure or payment declined, 4 not completed (needs --confirm, a token, or the buyer),',
    '5 not completed because the total changed.',
  ].join('\n'),
  examples: [
    'checkout shop.example --ucp-profile https://agent.example/.well-known/ucp --context-file ~/.agentweb/state.json',
    'checkout shop.example --ucp-profile https://agent.example/.well-known/ucp --confirm --expected-total 3998 --buyer-email me@example.com --context-file ~/.agentweb/state.json',
  ],
  options: {
    confirm: { type: 'boolean' },
    'payment-token': { type: 'string' },
    'payment-handler': { type: 'string' },
    'expected-total': { type: 'string' },
    'buyer-email': { type: 'string' },
  },
  clientFlags: true,
  async run(ctx) {
    const { runCheckout } = await import('./checkout-run.js');
    return runCheckout(ctx);
  },
};
