import type { CliCommand } from '../command.js';

// The command's name, help and flags; what it does is in agis-validate-run.ts, imported only when it runs, so the help
// and the other commands do not load its modules.
export const agisValidateCommand: CliCommand = {
  name: 'agis validate',
  summary: 'check an AGIS document against the eight validation passes (level 1 or 2)',
  usage: [
    'agentweb agis validate <file> [--level 1|2] [--warnings]',
    '',
    'Parses the document (YAML, JSON or brace notation) and runs the validator; prints every failure with',
    'its pass, rule, path, line:column and message.',
    '',
    '  --level <1|2>          conformance level (default 1)',
    '  --warnings             list warnings as well as failures',
    '',
    'Exit: 0 conforms, 1 does not conform or cannot be read.',
  ].join('\n'),
  examples: [
    'agis validate service.agis.yaml',
    'agis validate service.agis.json --level 2 --warnings --json',
  ],
  options: { level: { type: 'string' }, warnings: { type: 'boolean' } },
  clientFlags: false,
  async run(ctx) {
    const { runAgisValidate } = await import('./agis-validate-run.js');
    return runAgisValidate(ctx);
  },
};
