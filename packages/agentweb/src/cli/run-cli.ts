import { parseArgs } from 'node:util';
import { isAgentWebError } from '@agentweb/core';
import type { AgentWebClient, AgentWebEvent, AgentWebOptions } from '../client/types.js';
import { CLIENT_FLAG_OPTIONS, type ClientFlagValues } from '../config/client-flag-table.js';
import { packageVersion } from '../mcp/package-version.js';
import { CliUsageError, isCliUsageError } from './cli-errors.js';
import { type CliIo, errorCode, writeJson, writeLine } from './cli-io.js';
import type { CliCommand, CommandOptions, FlagValues } from './command.js';
import { COMMAND_GROUPS, COMMANDS } from './commands/index.js';
import { cliErrorMessage } from './error-text.js';
import { EXIT, exitCodeFor } from './exit-codes.js';
import { commandUsage, commandUsageLine, mainUsage, mainUsageLine } from './help.js';
import { printable } from './table.js';

const GLOBAL_OPTIONS = {
  json: { type: 'boolean' },
  debug: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const satisfies CommandOptions;

const NETWORK_OPTIONS = CLIENT_FLAG_OPTIONS satisfies CommandOptions;

/** Options of {@link runCli}. */
export interface RunCliOptions {
  /** Streams to use. */
  io: CliIo;
  /** Aborts the running command (the bin wires it to SIGINT). */
  signal?: AbortSignal;
}

function optionTable(command: CliCommand | undefined): CommandOptions {
  if (!command) return { ...GLOBAL_OPTIONS };
  return { ...GLOBAL_OPTIONS, ...(command.clientFlags ? NETWORK_OPTIONS : {}), ...command.options };
}

/** Every flag any command knows, so the first pass can tell flag values from the command words. */
function unionTable(): CommandOptions {
  const table: CommandOptions = { ...GLOBAL_OPTIONS, ...NETWORK_OPTIONS };
  for (const command of COMMANDS) Object.assign(table, command.options);
  return table;
}

const UNION_TABLE = unionTable();

interface Located {
  command: CliCommand | undefined;
  /** The words that named it (or the unknown word). */
  words: string[];
  /** argv without the command words. */
  rest: string[];
  /** Flags no command knows, as typed (`--frobnicate`). */
  unknownFlags: string[];
  /** `--help` / `-h` appears. */
  help: boolean;
  version: boolean;
  json: boolean;
  debug: boolean;
}

/** Finds the command words wherever the flags are, without judging the flags yet. */
function locate(argv: readonly string[]): Located {
  const { tokens } = parseArgs({
    args: [...argv],
    options: UNION_TABLE,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const positionals = tokens.filter((t) => t.kind === 'positional');
  const optionTokens = tokens.filter((t) => t.kind === 'option');
  const options = optionTokens.map((t) => t.name);
  const known = UNION_TABLE;
  const words: string[] = [];
  const drop = new Set<number>();
  const first = positionals[0];
  if (first) {
    words.push(first.value);
    drop.add(first.index);
    const second = positionals[1];
    if (COMMAND_GROUPS.has(first.value) && second) {
      words.push(second.value);
      drop.add(second.index);
    }
  }
  const name = words.join(' ');
  return {
    command: COMMANDS.find((c) => c.name === name),
    words,
    rest: argv.filter((_, i) => !drop.has(i)),
    unknownFlags: optionTokens.filter((t) => !(t.name in known)).map((t) => t.rawName),
    help: options.includes('help'),
    version: options.includes('version'),
    json: options.includes('json'),
    debug: options.includes('debug'),
  };
}

function parseCommandArgs(
  command: CliCommand,
  args: string[],
): { values: FlagValues; positionals: string[] } {
  try {
    const parsed = parseArgs({ args, options: optionTable(command), strict: true, allowPositionals: true });
    return { values: parsed.values as FlagValues, positionals: parsed.positionals };
  } catch (error) {
    // node:util reports unknown flags and missing values as TypeErrors with ERR_PARSE_ARGS_* codes.
    const message = error instanceof Error ? error.message : String(error);
    const unknown = /^Unknown option '([^']+)'/.exec(message);
    throw new CliUsageError(
      unknown
        ? `unknown flag ${unknown[1]} for ${command.name}`
        : message.replace(/\. To specify a positional argument.*$/s, ''),
      command.name,
    );
  }
}

/**
 * Reads a command line as {@link runCli} does, without running it: the command and its flag values, or a
 * {@link CliUsageError} saying what is wrong. The help's examples are checked with it.
 */
export function parseCommandLine(argv: readonly string[]): {
  command: CliCommand;
  values: FlagValues;
  positionals: string[];
} {
  const found = locate(argv);
  if (!found.command)
    throw new CliUsageError(
      found.words.length > 0 ? `unknown command "${found.words.join(' ')}"` : 'no command given',
    );
  return { command: found.command, ...parseCommandArgs(found.command, found.rest) };
}

function reportError(io: CliIo, error: unknown, debug: boolean, json: boolean): void {
  const code = errorCode(error) ?? 'INTERNAL';
  // Options named as the flags that set them; URL queries and credentials withheld (an API key in a card URL
  // must not reach logs); --debug shows the stack.
  const message = cliErrorMessage(error);
  writeLine(io.stderr, `error: ${printable(code)}: ${printable(message)}`);
  if (debug) {
    let current: unknown = error;
    for (let depth = 0; depth < 8 && current instanceof Error; depth++) {
      writeLine(
        io.stderr,
        depth === 0 ? (current.stack ?? '') : `caused by: ${current.stack ?? current.message}`,
      );
      current = current.cause;
    }
  }
  // An AgentWeb error writes its whole JSON form (name, status, capErrorCode, cause, ...); anything else its code.
  if (json) writeJson(io.stdout, { error: isAgentWebError(error) ? error : { code, message } });
}

/**
 * Runs one `agentweb` command line (without the node and script arguments) and resolves to its exit code.
 * Never rejects: every failure is reported on stderr and mapped to an exit code.
 */
export async function runCli(argv: readonly string[], options: RunCliOptions): Promise<number> {
  const { io } = options;
  const signal = options.signal ?? new AbortController().signal;
  const found = locate(argv);
  if (!found.command) {
    if (found.words.length === 0 && found.version) {
      writeLine(io.stdout, packageVersion());
      return EXIT.ok;
    }
    if (found.words.length === 0 && found.help) {
      writeLine(io.stdout, mainUsage(packageVersion()));
      return EXIT.ok;
    }
    const message =
      found.words.length > 0
        ? `unknown command "${found.words.join(' ')}"`
        : found.unknownFlags.length > 0
          ? `unknown flag ${found.unknownFlags[0]}`
          : 'no command given';
    writeLine(io.stderr, `error: CLI_USAGE: ${printable(message)}`);
    writeLine(io.stderr, mainUsageLine());
    return EXIT.usage;
  }
  const command = found.command;
  if (found.help) {
    writeLine(io.stdout, commandUsage(command));
    return EXIT.ok;
  }

  let client: AgentWebClient | undefined;
  let clientOptions: AgentWebOptions | undefined;
  // Loaded once a command runs: turning flags into options loads CAP and discovery, which --help does not need.
  const { clientOptionsFromFlags } = await import('../config/client-flags.js');
  try {
    const parsed = parseCommandArgs(command, found.rest);
    const { values } = parsed;
    const getOptions = (): AgentWebOptions =>
      (clientOptions ??= clientOptionsFromFlags(values as ClientFlagValues));
    // Bad shared flags are usage errors; finding them before any work starts keeps them from surfacing late.
    if (command.clientFlags) getOptions();
    // The client pulls in A2A, CAP and the SDKs; commands that work on local files start faster without it.
    const AgentWeb = command.clientFlags ? (await import('../client/index.js')).AgentWeb : undefined;
    const listeners: ((event: AgentWebEvent) => void)[] = [];
    return await command.run({
      positionals: parsed.positionals,
      values,
      json: values['json'] === true,
      io,
      signal,
      clientOptions: getOptions,
      client: () => {
        if (!AgentWeb) throw new Error(`${command.name} does not use the network client`);
        client ??= new AgentWeb({
          ...getOptions(),
          onEvent: (event) => {
            for (const listener of listeners) listener(event);
          },
        });
        return client;
      },
      onClientEvent: (listener) => {
        listeners.push(listener);
      },
    });
  } catch (error) {
    if (signal.aborted) {
      writeLine(io.stderr, 'error: ABORTED: interrupted');
      return EXIT.interrupted;
    }
    reportError(io, error, found.debug, found.json);
    if (isCliUsageError(error) || exitCodeFor(error) === EXIT.usage)
      writeLine(io.stderr, commandUsageLine(command));
    return exitCodeFor(error);
  } finally {
    await client?.close().catch(() => undefined);
    // A DNS resolver made from --dns is ours: the client leaves resolvers it was given open.
    const dns = clientOptions?.dns as { close?: () => Promise<void> | void } | undefined;
    await Promise.resolve(dns?.close?.()).catch(() => undefined);
  }
}
