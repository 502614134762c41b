import type { CliCommand } from '../command.js';

// The command's name, help and flags; what it does is in discover-run.ts, imported only when it runs, so the help
// and the other commands do not load its modules.
export const discoverCommand: CliCommand = {
  name: 'discover',
  summary: 'find the agent card of each domain (DNS TXT, link tag, well-known URIs) with the trace',
  usage: [
    'agentweb discover <domain|url>... [--require-cap] [--concurrency <n>]',
    '',
    'Runs CAP discovery on each domain (shop.example, shop.example:8443) or page URL and prints every step',
    '(mechanism, target, outcome, elapsed) and the profile found (name, card URL, CAP skills).',
    '',
    '  --require-cap          accept only cards that declare the CAP extension',
    '  --concurrency <n>      domains discovered at once (default 8)',
    '',
    'Exit: 0 every domain found, 1 some not found, 3 all failures were network failures.',
  ].join('\n'),
  examples: [
    'discover shop.example',
    'discover shop.example other-shop.example:8443 --require-cap --json',
    'discover https://shop.example/products/42 --timeout 3000',
    'discover shop-0.sandbox.test:8080 --scheme http --allow-http --allow-private-network --resolve "*.sandbox.test=127.0.0.1"',
  ],
  options: {
    'require-cap': { type: 'boolean' },
    concurrency: { type: 'string' },
  },
  clientFlags: true,
  async run(ctx) {
    const { runDiscover } = await import('./discover-run.js');
    return runDiscover(ctx);
  },
};
