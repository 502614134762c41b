import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline/promises';
import type { MatchCandidate } from '@agentweb/agis';
import { MAX_AGIS_DOCUMENT_BYTES } from '../../client/load-agis.js';
import type { ConfirmationRequest, LoadedAgisService } from '../../client/types.js';
import { CliOperationError, CliUsageError } from '../cli-errors.js';
import { type CliIo, writeJson, writeLine } from '../cli-io.js';
import type { CommandContext } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { booleanFlag, integerFlag, requirePositionals, stringFlag, stringList } from '../flag-values.js';
import { createLiveView, type LiveView, pendingList } from '../live-view.js';
import { readTextFile } from '../read-input.js';
import { formatFields, formatTable, printable } from '../table.js';

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * True when `source` can only be meant as a file: no scheme, and a path prefix (`./`, `../`, `/`, `~`), a path
 * separator or a document extension. A domain never has these, and inline document text is not a CLI input.
 */
export function looksLikePath(source: string): boolean {
  const text = source.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return false;
  return /^(\.{1,2}[\\/]|[\\/]|~)/.test(text) || /[\\/]/.test(text) || /\.(ya?ml|json|agis)$/i.test(text);
}

/** A file is read here and its text handed over; a domain or URL is loaded (fetched) by the client. */
async function loadService(
  ctx: CommandContext,
  source: string,
  baseUrl: string | undefined,
): Promise<LoadedAgisService> {
  const options = { signal: ctx.signal, ...(baseUrl !== undefined ? { baseUrl } : {}) };
  const file = await isFile(source);
  // Handed to the client, a missing file's name would be parsed as a document ("expected object").
  if (!file && looksLikePath(source))
    throw new CliOperationError(
      'CLI_FILE_UNREADABLE',
      `--service ${source}: no such file (give an existing AGIS file, a domain or an http(s) URL)`,
    );
  if (file) {
    const text = await readTextFile(source, MAX_AGIS_DOCUMENT_BYTES);
    const loaded = await ctx.client().loadAgisService(text, options);
    return { ...loaded, source };
  }
  return ctx.client().loadAgisService(source, options);
}

interface ServiceSummary {
  service: string;
  source: string;
  baseUrl: string | null;
  endpoints: number;
  conforms: boolean;
}

function serviceSummary(s: LoadedAgisService): ServiceSummary {
  return {
    service: s.service,
    source: s.source,
    baseUrl: s.baseUrl ?? null,
    endpoints: s.document.endpoints.length,
    conforms: s.validation.conforms,
  };
}

function serviceTable(services: readonly ServiceSummary[]): string {
  return formatTable(
    ['service', 'source', 'endpoints', 'conforms'],
    services.map((s) => [s.service, s.source, s.endpoints, s.conforms ? 'yes' : 'no']),
  );
}

/** Loads the services one after another (in the order given, which ranks ties), showing each as it loads. */
async function loadServices(
  ctx: CommandContext,
  sources: readonly string[],
  baseUrl: string | undefined,
  view: LiveView,
): Promise<LoadedAgisService[]> {
  const services: LoadedAgisService[] = [];
  const pending = [...sources];
  for (const source of sources) {
    view.status(`intent: loading services ${services.length}/${sources.length}; ${pendingList(pending)}`);
    const loaded = await loadService(ctx, source, baseUrl);
    pending.shift();
    const s = serviceSummary(loaded);
    view.result(
      printable(
        `loaded ${s.service} from ${s.source}: ${s.endpoints} endpoint(s), ${s.conforms ? 'conforms' : 'does not conform'}`,
      ),
    );
    services.push(loaded);
  }
  return services;
}

function candidateRows(candidates: readonly MatchCandidate[]): (string | number)[][] {
  return candidates.map((c, i) => [
    i + 1,
    c.service,
    `${c.method} ${c.path}`,
    c.confidence.toFixed(2),
    JSON.stringify(c.params),
    c.needsConfirmation ? 'yes' : 'no',
  ]);
}

/** Asks on the terminal; refuses outright without one, since nobody could have agreed. */
function confirmer(
  io: CliIo,
  preConfirmed: boolean,
  signal: AbortSignal,
): (request: ConfirmationRequest) => Promise<boolean> {
  return async (request) => {
    if (preConfirmed) return true;
    const { candidate, input, reasons } = request;
    const what = `${candidate.method} ${candidate.path}`;
    if (io.stdin.isTTY !== true)
      throw new CliOperationError(
        'CLI_CONFIRMATION_REQUIRED',
        `${what} needs confirmation (${reasons.join('; ') || 'irreversible or low confidence'}) and stdin is not a terminal; pass --yes to confirm`,
      );
    // A terminal whose input has already ended can never answer.
    if (io.stdin.readableEnded) return false;
    const rl = createInterface({ input: io.stdin, output: io.stderr, terminal: true });
    // End of input (Ctrl-D) and Ctrl-C in raw mode close the interface without settling the question; both
    // mean no, rather than a prompt that waits forever.
    const closed = new Promise<string>((resolve) => rl.once('close', () => resolve('')));
    try {
      writeLine(io.stderr, `${what} on ${candidate.service} needs confirmation: ${reasons.join('; ')}`);
      writeLine(io.stderr, `input: ${JSON.stringify(input)}`);
      const answer = await Promise.race([rl.question('Proceed? [y/N] ', { signal }), closed]);
      return /^y(es)?$/i.test(answer.trim());
    } finally {
      rl.close();
    }
  };
}

/** Runs `agentweb intent` (its flags and help are in intent.ts, loaded without this). */
export async function runIntent(ctx: CommandContext): Promise<number> {
  const [instruction] = requirePositionals(ctx.positionals, ['instruction'], 'intent');
  const sources = stringList(ctx.values, 'service');
  if (sources.length === 0) throw new CliUsageError('at least one --service is required', 'intent');
  const topK = integerFlag(ctx.values, 'top', { min: 1, max: 50, command: 'intent' }, 3);
  const invoke = booleanFlag(ctx.values, 'invoke');
  const input = parseInput(stringFlag(ctx.values, 'input'));
  const baseUrl = stringFlag(ctx.values, 'base-url');

  const view = createLiveView(ctx.io, ctx.json);
  let services: LoadedAgisService[];
  let match: Awaited<ReturnType<ReturnType<CommandContext['client']>['intent']>>;
  try {
    services = await loadServices(ctx, sources, baseUrl, view);
    view.status('intent: matching the instruction against the loaded endpoints');
    match = await ctx.client().intent(instruction!, { signal: ctx.signal, ...(topK ? { topK } : {}) });
  } finally {
    // Before any confirmation prompt, which is written on stderr too.
    view.done();
  }
  const serviceJson = services.map(serviceSummary);

  if (!ctx.json) {
    const { stdout } = ctx.io;
    if (!view.live) stdout.write(serviceTable(serviceJson));
    writeLine(stdout);
    if (match.abstain) writeLine(stdout, 'abstain: no loaded endpoint serves this instruction');
    if (match.candidates.length > 0)
      stdout.write(
        formatTable(
          ['#', 'service', 'endpoint', 'confidence', 'params', 'confirm'],
          candidateRows(match.candidates),
          {
            maxCellWidth: 80,
          },
        ),
      );
  }
  if (match.abstain) {
    if (ctx.json) writeJson(ctx.io.stdout, { services: serviceJson, ...match, invocation: null });
    return EXIT.failed;
  }
  if (!invoke) {
    if (ctx.json) writeJson(ctx.io.stdout, { services: serviceJson, ...match });
    return EXIT.ok;
  }
  let approved: boolean | undefined;
  const ask = confirmer(ctx.io, booleanFlag(ctx.values, 'yes'), ctx.signal);
  const invocation = await ctx.client().invokeIntent(match, {
    signal: ctx.signal,
    ...(input ? { input } : {}),
    confirm: async (request) => {
      approved = await ask(request);
      return approved;
    },
  });
  if (ctx.json) {
    writeJson(ctx.io.stdout, {
      services: serviceJson,
      ...match,
      invocation: { status: invocation.status, data: invocation.data, provenance: invocation.provenance },
    });
    return EXIT.ok;
  }
  const top = match.candidates[0]!;
  writeLine(ctx.io.stdout);
  ctx.io.stdout.write(
    formatFields([
      ['invoked', `${top.method} ${top.path}`],
      ['confirmed', approved === undefined ? 'not needed' : 'yes'],
      ['status', invocation.status],
      ['url', invocation.provenance.finalUrl],
    ]),
  );
  writeLine(ctx.io.stdout, JSON.stringify(invocation.data, null, 2));
  return EXIT.ok;
}

function parseInput(raw: string | undefined): Record<string, unknown> | undefined {
  if (raw === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new CliUsageError('--input: not valid JSON', 'intent');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new CliUsageError('--input: expected a JSON object', 'intent');
  return value as Record<string, unknown>;
}
