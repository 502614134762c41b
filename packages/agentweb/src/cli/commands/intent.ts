import type { CliCommand } from '../command.js';

// The command's name, help and flags; what it does is in intent-run.ts, imported only when it runs, so the help
// and the other commands do not load its modules.
export const intentCommand: CliCommand = {
  name: 'intent',
  summary: 'route an instruction to AGIS endpoints; with --invoke, call the best one',
  usage: [
    'agentweb intent "<instruction>" --service <domain|url|file>... [--top <n>] [--invoke [--yes]]',
    '',
    'Loads each service (a domain reads /.well-known/agis.json, a URL is the document, a file is read), ranks',
    'the endpoints for the instruction and prints the candidates (service, method path, confidence, params,',
    'needsConfirmation), or "abstain" when none serves it.',
    '',
    '  --service <s>          AGIS service: domain, document URL or file; repeatable (required)',
    '  --base-url <url>       base URL of the HTTP binding for services loaded from a file',
    '  --top <n>              candidates shown (default 3)',
    '  --invoke               invoke the top candidate over the HTTP binding',
    '  --input <json>         JSON object merged over the extracted parameters when invoking',
    '  --yes                  confirm endpoints that need confirmation without asking',
    '',
    'An endpoint that needs confirmation is confirmed on the terminal; with no terminal and no --yes it is',
    'refused and nothing is sent.',
    '',
    'Exit: 0 matched (and invoked), 1 abstained, refused, not confirmed or a --service file is missing, 3 the',
    'service failed.',
  ].join('\n'),
  examples: [
    'intent "book a table for 4 tomorrow at 7pm" --service reservations.example',
    'intent "refill my prescription" --service ./pharmacy.agis.yaml --base-url https://pharmacy.example --top 5',
    'intent "book a table for 2 at 19:00" --service https://reservations.example/agis.yaml --invoke --input \'{"party_size":2}\'',
  ],
  options: {
    service: { type: 'string', multiple: true },
    'base-url': { type: 'string' },
    top: { type: 'string' },
    invoke: { type: 'boolean' },
    input: { type: 'string' },
    yes: { type: 'boolean', short: 'y' },
  },
  clientFlags: true,
  async run(ctx) {
    const { runIntent } = await import('./intent-run.js');
    return runIntent(ctx);
  },
};
