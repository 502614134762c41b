import type { CliCommand } from '../command.js';

// The command's name, help and flags; what it does is in card-validate-run.ts, imported only when it runs, so the help
// and the other commands do not load its modules.
export const cardValidateCommand: CliCommand = {
  name: 'card validate',
  summary: 'validate an agent card (A2A, IETF agentcard, Nooterra) from a file or URL',
  usage: [
    'agentweb card validate <file|url> [--format auto|a2a|ietf|nooterra] [--lenient]',
    '',
    'Reads the card from a file, or fetches it from an http(s) URL, and prints its format, version and every',
    'issue (rule, path, message); warnings do not make a card invalid.',
    '',
    '  --format <f>           read the card as this format (default auto: told from its fields)',
    '  --lenient              MUSTs outside the format core become warnings',
    '',
    'Exit: 0 valid, 1 invalid or unreadable, 3 the URL could not be fetched.',
  ].join('\n'),
  examples: [
    'card validate agent-card.json',
    'card validate https://shop.example/.well-known/agent-card.json --json',
    'card validate card.json --format ietf --lenient',
  ],
  options: { format: { type: 'string' }, lenient: { type: 'boolean' } },
  clientFlags: true,
  async run(ctx) {
    const { runCardValidate } = await import('./card-validate-run.js');
    return runCardValidate(ctx);
  },
};
