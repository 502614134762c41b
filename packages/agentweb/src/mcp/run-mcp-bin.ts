import type { Readable, Writable } from 'node:stream';
import { isAgentWebError } from '@agentweb/core';
import { AgentWeb } from '../client/index.js';
import type { AgentWebClient, AgentWebOptions } from '../client/types.js';
import { isClientFlagError } from '../config/index.js';
import { registerAgisService } from './agis-tools.js';
import { MCP_BIN_HELP, parseMcpBinArgs } from './bin-args.js';
import { createMcpServer } from './create-mcp-server.js';
import { loadStartSources } from './load-start-sources.js';
import { mcpSdk } from './mcp-sdk.js';
import { isMcpUsageError } from './mcp-usage-error.js';
import { packageVersion } from './package-version.js';

/** The streams and process the bin runs with (the real ones by default; tests pass their own). */
export interface McpBinIo {
  /** Protocol input. */
  stdin: Readable;
  /** Protocol output: nothing but MCP messages is written to it while serving. */
  stdout: Writable;
  /** Logs and errors. */
  stderr: Writable;
  /** Emits `SIGTERM` and `SIGINT` (default: `process`). */
  signals: Pick<NodeJS.Process, 'once' | 'off'>;
  /** Builds the client (default: `new AgentWeb(options)`). */
  createClient?: (options: AgentWebOptions) => AgentWebClient;
}

/**
 * Longest time the merchants and AGIS services named on the command line may take to load, in the background
 * (each discovery also ends within the client's `--timeout`).
 */
export const START_TIMEOUT_MS = 20_000;
/** Longest time closing the server and the client may take before the bin exits anyway. */
export const CLOSE_TIMEOUT_MS = 5_000;

function defaultIo(): McpBinIo {
  return { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, signals: process };
}

function waitFor(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}

function bounded(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([work.then(() => undefined), timeout]).finally(() => clearTimeout(timer));
}

/**
 * Runs `agentweb-mcp`: parses the flags, serves MCP over stdio at once while it adds the merchants and AGIS services
 * in the background, until stdin closes or SIGTERM/SIGINT arrives, then closes the server and the client. Resolves with the exit code: 0 after a
 * clean stop (or `--help`), 1 when the server cannot start, 2 for bad flags. Never rejects.
 */
export async function runMcpBin(argv: readonly string[], io: McpBinIo = defaultIo()): Promise<number> {
  const log = (line: string) => io.stderr.write(`agentweb-mcp: ${line}\n`);
  let command: ReturnType<typeof parseMcpBinArgs>;
  try {
    command = parseMcpBinArgs(argv);
  } catch (error) {
    log(error instanceof Error ? error.message : String(error));
    if (!isMcpUsageError(error) && !isClientFlagError(error)) return 1;
    io.stderr.write('Run agentweb-mcp --help for usage.\n');
    return 2;
  }
  // Help and version are answers to a person at a terminal, not protocol traffic, so they go to stdout.
  if (command.kind === 'help') {
    io.stdout.write(`${MCP_BIN_HELP}\n`);
    return 0;
  }
  if (command.kind === 'version') {
    io.stdout.write(`${packageVersion()}\n`);
    return 0;
  }

  const stop = new AbortController();
  const onStdinEnd = () => stop.abort(new Error('stdin closed'));
  const onSignal = (name: string) => () => stop.abort(new Error(`${name} received`));
  const onTerm = onSignal('SIGTERM');
  const onInt = onSignal('SIGINT');
  io.stdin.once('end', onStdinEnd);
  io.stdin.once('close', onStdinEnd);
  io.signals.once('SIGTERM', onTerm);
  io.signals.once('SIGINT', onInt);
  try {
    return await serve(command, io, stop, log);
  } finally {
    io.stdin.off('end', onStdinEnd);
    io.stdin.off('close', onStdinEnd);
    io.signals.off('SIGTERM', onTerm);
    io.signals.off('SIGINT', onInt);
  }
}

async function serve(
  command: Extract<ReturnType<typeof parseMcpBinArgs>, { kind: 'serve' }>,
  io: McpBinIo,
  stop: AbortController,
  log: (line: string) => void,
): Promise<number> {
  const options: AgentWebOptions = {
    ...command.clientOptions,
    ...(command.verbose ? { onEvent: (event) => log(JSON.stringify(event)) } : {}),
  };
  let client: AgentWebClient;
  try {
    client = io.createClient ? io.createClient(options) : new AgentWeb(options);
  } catch (error) {
    log(`cannot create the client: ${error instanceof Error ? error.message : String(error)}`);
    return isAgentWebError(error) ? 2 : 1;
  }
  try {
    const server = createMcpServer(client, { agis: command.agisTools });
    server.server.onclose = () => stop.abort(new Error('transport closed'));
    // Serving comes first: a host must not wait on a merchant that hangs. Tools answer with what has loaded so
    // far, and each AGIS service's tools appear (with a list_changed notification) as it loads.
    await server.connect(new mcpSdk.StdioServerTransport(io.stdin, io.stdout));
    const serving = () =>
      `serving MCP on stdio: ${client.merchants().length} merchants, ${client.agisServices().length} AGIS services`;
    const sources = command.merchants.length + command.agis.length;
    if (sources > 0) {
      log(
        `started on stdio; loading ${command.merchants.length} merchants and ${command.agis.length} AGIS services in the background`,
      );
    }
    const startSignal = AbortSignal.any([stop.signal, AbortSignal.timeout(START_TIMEOUT_MS)]);
    const loading = loadStartSources(
      client,
      command.merchants,
      command.agis,
      startSignal,
      (outcome, service) => {
        log(
          `${outcome.kind} ${outcome.source}: ${outcome.ok ? `added ${outcome.message}` : `skipped: ${outcome.message}`}`,
        );
        if (service === undefined || !command.agisTools || stop.signal.aborted) return;
        try {
          registerAgisService(server, client, service);
        } catch (error) {
          log(
            `agis ${outcome.source}: its tools were not added: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      },
    ).then(() => {
      if (!stop.signal.aborted) log(serving());
    });
    await waitFor(stop.signal);
    await bounded(loading, CLOSE_TIMEOUT_MS);
    await bounded(server.close(), CLOSE_TIMEOUT_MS);
    return 0;
  } catch (error) {
    log(`cannot serve: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await bounded(
      client.close().catch((error: unknown) => log(`closing the client failed: ${String(error)}`)),
      CLOSE_TIMEOUT_MS,
    );
  }
}
