import { CLIENT_FLAGS_HELP } from '../config/index.js';
import type { CliCommand } from './command.js';
import { COMMANDS } from './commands/index.js';

/** Flags every command accepts. */
export const GLOBAL_FLAGS_HELP = [
  '  --json                       machine-readable JSON on stdout',
  '  --debug                      print stack traces and error causes',
  '  -h, --help                   show help',
].join('\n');

const EXIT_HELP = [
  'Exit codes:',
  '  0  success',
  '  1  the operation failed (validation failures, nothing discovered, abstained, unreadable file)',
  '  2  usage error (unknown command or flag, missing or malformed argument)',
  '  3  network or remote failure (connection, timeout, HTTP error, refused address, remote error)',
  '  130 interrupted (Ctrl-C)',
].join('\n');

/** The top-level help. */
export function mainUsage(version: string): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  const networkCommands = COMMANDS.filter((c) => c.clientFlags).map((c) => c.name);
  return [
    `agentweb ${version}: discover agents and merchants, shop over CAP, route intents to AGIS services`,
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
    EXIT_HELP,
    '',
    'Run `agentweb <command> --help` for a command.',
  ].join('\n');
}

/** One command's help. */
export function commandUsage(command: CliCommand): string {
  return [
    `Usage: ${command.usage}`,
    '',
    'Global flags:',
    GLOBAL_FLAGS_HELP,
    ...(command.clientFlags ? ['', 'Network flags:', CLIENT_FLAGS_HELP] : []),
  ].join('\n');
}
