import { CLIENT_FLAGS_HELP } from '../config/client-flag-table.js';
import type { CliCommand } from './command.js';
import { COMMANDS } from './commands/index.js';
import { exitCodesHelp } from './exit-codes.js';

/** Flags every command accepts. */
export const GLOBAL_FLAGS_HELP = [
  '  --json                       machine-readable JSON on stdout',
  '  --debug                      print stack traces and error causes',
  '  -h, --help                   show help',
].join('\n');

/** The top-level help. */
export function mainUsage(version: string): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  const networkCommands = COMMANDS.filter((c) => c.clientFlags).map((c) => c.name);
  return [
    `agentweb ${version}: discover agents and merchants, ask agents, shop over CAP, route intents to AGIS services`,
    '',
    'Usage: agentweb <command> [arguments] [flags]',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Global flags:',
    GLOBAL_FLAGS_HELP,
    '',
    `Network flags (${networkCommands.join(', ')}):`,
    CLIENT_FLAGS_HELP,
    '',
    exitCodesHelp(),
    '',
    'Run `agentweb <command> --help` for a command.',
  ].join('\n');
}

/** The first line of the top-level help and what to run for more; a usage error prints only this. */
export function mainUsageLine(): string {
  return ['Usage: agentweb <command> [arguments] [flags]', 'Run `agentweb --help` for the commands.'].join(
    '\n',
  );
}

/**
 * A command's usage line(s) (what comes before the first blank line of its usage) and where the rest is; a
 * usage error prints only this, so the error stays in sight instead of above 40 lines of help.
 */
export function commandUsageLine(command: CliCommand): string {
  const end = command.usage.indexOf('\n\n');
  const lines = end === -1 ? command.usage : command.usage.slice(0, end);
  return [
    ...lines.split('\n').map((line, i) => `${i === 0 ? 'Usage' : '   or'}: ${line}`),
    `Run \`agentweb ${command.name} --help\` for its flags and examples.`,
  ].join('\n');
}

/** One command's help. */
export function commandUsage(command: CliCommand): string {
  return [
    `Usage: ${command.usage}`,
    '',
    'Examples:',
    ...command.examples.map((example) => `  agentweb ${example}`),
    '',
    'Global flags:',
    GLOBAL_FLAGS_HELP,
    ...(command.clientFlags ? ['', 'Network flags:', CLIENT_FLAGS_HELP] : []),
  ].join('\n');
}
