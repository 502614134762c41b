import type { ParseArgsConfig } from 'node:util';
import type { AgentWebClient, AgentWebEvent, AgentWebOptions } from '../client/types.js';
import type { CliIo } from './cli-io.js';

/** Option table of one command, in `node:util` `parseArgs` form. */
export type CommandOptions = NonNullable<ParseArgsConfig['options']>;

/** Parsed flag values. */
export type FlagValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

/** What a command gets when it runs. */
export interface CommandContext {
  /** Positional arguments after the command name. */
  positionals: string[];
  /** Flag values (global, client and the command's own). */
  values: FlagValues;
  /** `--json` was given: print one JSON document (or JSONL) on stdout. */
  json: boolean;
  /** Streams. */
  io: CliIo;
  /** Aborted on SIGINT. */
  signal: AbortSignal;
  /** Client options from the shared flags. */
  clientOptions(): AgentWebOptions;
  /** The AgentWeb client, made on first use and closed when the command ends. */
  client(): AgentWebClient;
  /** Calls `listener` with every event of the client (discovery started and done, ...), for progress. */
  onClientEvent(listener: (event: AgentWebEvent) => void): void;
}

/** One `agentweb` command. */
export interface CliCommand {
  /** Name as typed, e.g. `discover` or `card validate`. */
  name: string;
  /** One line for the command list. */
  summary: string;
  /** The usage line(s) and a description of the arguments. */
  usage: string;
  /** Command lines that show what it is for, printed under `Examples:` in its help (without `agentweb`). */
  examples: readonly string[];
  /** Its own flags, described in `usage`. */
  options: CommandOptions;
  /** True when the shared client flags (`--resolve`, `--allow-http`, ...) apply. */
  clientFlags: boolean;
  /** Runs it; resolves to the exit code. */
  run(context: CommandContext): Promise<number>;
}
