import type { Readable, Writable } from 'node:stream';
import type { AgentWebClient, AgentWebOptions, LoadedAgisService } from '../client/types.js';
import { MCP_BIN_HELP, type McpBinFlags, McpBinFlagsError, parseMcpBinFlags } from './bin-flags.js';
import { DEFAULT_INSTRUCTIONS } from './mcp-instructions.js';
import { neutralServedTools } from './neutral-served-tools.js';
import type { NeutralToolRuntime } from './neutral-tool-runtime.js';
import { packageVersion } from './package-version.js';
import { StdioMcpServer } from './stdio/stdio-mcp-server.js';

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
/**
 * With no sources to load, the client is made after the host's first `tools/list` (or on its first call), so the
 * list is not kept waiting; without a host asking, it is made after this long, so bad client flags still end the
 * bin early.
 */
export const IDLE_CLIENT_MS = 1_000;

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

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs `agentweb-mcp`: parses the flags, serves MCP over stdio at once (the tool list needs neither the client nor
 * zod) while it makes the client and adds the merchants and AGIS services in the background, until stdin closes or
 * SIGTERM/SIGINT arrives, then closes the server and the client. Resolves with the exit code: 0 after a clean stop
 * (or `--help`), 1 when the server cannot start, 2 for bad flags. Never rejects.
 */
export async function runMcpBin(argv: readonly string[], io: McpBinIo = defaultIo()): Promise<number> {
  const log = (line: string) => io.stderr.write(`agentweb-mcp: ${line}\n`);
  let command: McpBinFlags;
  try {
    command = parseMcpBinFlags(argv);
  } catch (error) {
    log(describe(error));
    if (!(error instanceof McpBinFlagsError)) return 1;
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

type ServeCommand = Extract<McpBinFlags, { kind: 'serve' }>;

/** Turns the client flags into options and makes the client; loads the config and client modules on first use. */
async function makeClient(command: ServeCommand, io: McpBinIo, log: (line: string) => void) {
  const { clientOptionsFromFlags } = await import('../config/client-flags.js');
  const options: AgentWebOptions = {
    ...clientOptionsFromFlags(command.values),
    ...(command.verbose ? { onEvent: (event) => log(JSON.stringify(event)) } : {}),
  };
  if (io.createClient) return io.createClient(options);
  const { AgentWeb } = await import('../client/index.js');
  return new AgentWeb(options);
}

async function serve(
  command: ServeCommand,
  io: McpBinIo,
  stop: AbortController,
  log: (line: string) => void,
): Promise<number> {
  let exitCode = 0;
  let client: AgentWebClient | undefined;
  let clientPromise: Promise<AgentWebClient> | undefined;
  const getClient = () => {
    clientPromise ??= makeClient(command, io, log).then(
      (made) => {
        client = made;
        return made;
      },
      async (error: unknown) => {
        const { isClientFlagError } = await import('../config/client-flag-error.js');
        const { isAgentWebError } = await import('@agentweb/core');
        if (isClientFlagError(error)) {
          log(describe(error));
          io.stderr.write('Run agentweb-mcp --help for usage.\n');
          exitCode = 2;
        } else {
          log(`cannot create the client: ${describe(error)}`);
          exitCode = isAgentWebError(error) ? 2 : 1;
        }
        stop.abort(error);
        throw error;
      },
    );
    return clientPromise;
  };
  let runtime: Promise<NeutralToolRuntime> | undefined;
  const loadRuntime = () => {
    runtime ??= getClient().then(async (made) => {
      const { createNeutralToolRuntime } = await import('./neutral-tool-runtime.js');
      return createNeutralToolRuntime(made);
    });
    return runtime;
  };
  // Made ahead of the first call once the host has its list; a failure is reported by getClient.
  const warm = () => void loadRuntime().catch(() => undefined);

  const server = new StdioMcpServer({
    name: 'agentweb',
    version: packageVersion(),
    instructions: DEFAULT_INSTRUCTIONS,
    input: io.stdin,
    output: io.stdout,
    onFirstToolsList: warm,
    log,
  });
  for (const tool of neutralServedTools(loadRuntime)) server.addTool(tool);
  // Serving comes first: a host must not wait on a merchant that hangs. Tools answer with what has loaded so far,
  // and each AGIS service's tools appear (with a list_changed notification) as it loads.
  server.start();
  const idle = setTimeout(warm, IDLE_CLIENT_MS);
  let loading: Promise<void> = Promise.resolve();
  const sources = command.merchants.length + command.agis.length;
  if (sources === 0) {
    log('serving MCP on stdio: 0 merchants, 0 AGIS services');
  } else {
    log(
      `started on stdio; loading ${command.merchants.length} merchants and ${command.agis.length} AGIS services in the background`,
    );
    loading = loadSources(command, server, getClient, stop, log).catch((error: unknown) => {
      if (!stop.signal.aborted) log(`cannot load the sources: ${describe(error)}`);
    });
  }
  try {
    await waitFor(stop.signal);
    await bounded(loading, CLOSE_TIMEOUT_MS);
    return exitCode;
  } finally {
    clearTimeout(idle);
    server.close();
    if (client !== undefined) {
      await bounded(
        client.close().catch((error: unknown) => log(`closing the client failed: ${String(error)}`)),
        CLOSE_TIMEOUT_MS,
      );
    }
  }
}

async function loadSources(
  command: ServeCommand,
  server: StdioMcpServer,
  getClient: () => Promise<AgentWebClient>,
  stop: AbortController,
  log: (line: string) => void,
): Promise<void> {
  const client = await getClient();
  const [{ loadStartSources }, agisTools] = await Promise.all([
    import('./load-start-sources.js'),
    command.agisTools && command.agis.length > 0 ? import('./agis-served-tools.js') : undefined,
  ]);
  const startSignal = AbortSignal.any([stop.signal, AbortSignal.timeout(START_TIMEOUT_MS)]);
  await loadStartSources(
    client,
    command.merchants,
    command.agis,
    startSignal,
    (outcome, service?: LoadedAgisService) => {
      log(
        `${outcome.kind} ${outcome.source}: ${outcome.ok ? `added ${outcome.message}` : `skipped: ${outcome.message}`}`,
      );
      if (service === undefined || agisTools === undefined || stop.signal.aborted) return;
      try {
        agisTools.serveAgisService(server, client, service);
      } catch (error) {
        log(`agis ${outcome.source}: its tools were not added: ${describe(error)}`);
      }
    },
  );
  if (!stop.signal.aborted) {
    log(
      `serving MCP on stdio: ${client.merchants().length} merchants, ${client.agisServices().length} AGIS services`,
    );
  }
}
