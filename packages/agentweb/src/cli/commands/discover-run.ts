import {
  isDiscoveryError,
  type ResolveManyOutcome,
  type ResolveResult,
  resolveMany,
  type TraceEntry,
} from '@agentweb/discovery';
import { CliUsageError } from '../cli-errors.js';
import { errorCode, writeJson } from '../cli-io.js';
import type { CommandContext } from '../command.js';
import { cliErrorMessage, discoveryFailureSummary, forCommandLine } from '../error-text.js';
import { EXIT, traceUnreachable } from '../exit-codes.js';
import { booleanFlag, integerFlag } from '../flag-values.js';
import { createLiveView, pendingList } from '../live-view.js';
import { formatFields, formatMs, formatTable, printable } from '../table.js';

function traceTable(trace: readonly TraceEntry[]): string {
  return formatTable(
    ['mechanism', 'target', 'outcome', 'elapsed', 'detail'],
    trace.map((step) => [
      step.mechanism,
      step.target,
      step.outcome,
      formatMs(step.elapsedMs),
      [step.status !== undefined ? `HTTP ${step.status}` : '', step.code ?? '', step.reason ?? '']
        .filter(Boolean)
        .map((part) => forCommandLine(part))
        .join(' '),
    ]),
    { indent: '  ', maxCellWidth: 70 },
  );
}

function profileFields(result: ResolveResult): string {
  const { profile, provenance } = result;
  return formatFields(
    [
      ['name', profile.name],
      ['card', provenance.source],
      ['found by', provenance.mechanism],
      ['format', `${result.format} ${result.version}`],
      ['endpoint', profile.endpoints[0]?.url],
      ['CAP skills', profile.cap?.skills.join(', ') || (profile.cap ? 'none' : 'no CAP extension')],
      ['query modes', profile.cap?.queryModes.join(', ')],
    ],
    { indent: '  ' },
  );
}

/** One line on why a domain was not found: the trace says it all, so the summary, not the long message. */
function errorText(error: unknown, trace: readonly TraceEntry[]): string {
  const code = errorCode(error);
  const text =
    isDiscoveryError(error) && trace.length > 0 ? discoveryFailureSummary(trace) : cliErrorMessage(error);
  return code !== undefined ? `${code}: ${text}` : text;
}

/** The human form of one domain's outcome: the trace table, then the profile or the error. */
function outcomeText(outcome: ResolveManyOutcome): string {
  const trace = outcome.ok ? outcome.result.trace : outcome.trace;
  return [
    `${outcome.domain}: ${outcome.ok ? 'found' : 'not found'}\n`,
    traceTable(trace),
    outcome.ok ? profileFields(outcome.result) : `  error: ${printable(errorText(outcome.error, trace))}\n`,
    '\n',
  ].join('');
}

/** JSON for one outcome: the whole result, or the error and trace. */
function outcomeJson(outcome: ResolveManyOutcome): unknown {
  if (outcome.ok) {
    const { result } = outcome;
    return {
      domain: outcome.domain,
      ok: true,
      profile: result.profile,
      format: result.format,
      version: result.version,
      provenance: result.provenance,
      warnings: result.warnings,
      trace: result.trace,
    };
  }
  return { domain: outcome.domain, ok: false, error: outcome.error, trace: outcome.trace };
}

/** Runs `agentweb discover` (its flags and help are in discover.ts, loaded without this). */
export async function runDiscover(ctx: CommandContext): Promise<number> {
  if (ctx.positionals.length === 0) throw new CliUsageError('missing <domain>', 'discover');
  const concurrency = integerFlag(ctx.values, 'concurrency', { min: 1, max: 256, command: 'discover' }, 8);
  const client = ctx.client();
  const view = createLiveView(ctx.io, ctx.json);
  const pending = new Set(ctx.positionals);
  let found = 0;
  const showStatus = (): void =>
    view.status(
      `discover: ${ctx.positionals.length - pending.size}/${ctx.positionals.length} done, ${found} found; ${pendingList(pending)}`,
    );
  // Each domain is printed the moment it is done, so one that hangs does not hide the others.
  const finished = (outcome: ResolveManyOutcome): void => {
    pending.delete(outcome.domain);
    if (outcome.ok) found++;
    view.result(outcomeText(outcome));
    showStatus();
  };
  showStatus();
  let outcomes: ResolveManyOutcome[];
  try {
    outcomes = await resolveMany(
      {
        resolve: async (domain, call) => {
          try {
            const result = await client.discover(domain, call ?? {});
            finished({ domain, ok: true, result });
            return result;
          } catch (error) {
            finished({ domain, ok: false, error, trace: isDiscoveryError(error) ? error.trace : [] });
            throw error;
          }
        },
      },
      ctx.positionals,
      {
        signal: ctx.signal,
        requireCap: booleanFlag(ctx.values, 'require-cap'),
        ...(concurrency !== undefined ? { concurrency } : {}),
      },
    );
  } finally {
    view.done();
  }
  // resolveMany reports an aborted domain as a failure; Ctrl-C is an interruption, not "not found".
  ctx.signal.throwIfAborted();
  if (ctx.json) writeJson(ctx.io.stdout, { results: outcomes.map(outcomeJson) });
  else if (!view.live) for (const outcome of outcomes) ctx.io.stdout.write(outcomeText(outcome));
  const failed = outcomes.filter((o): o is Extract<ResolveManyOutcome, { ok: false }> => !o.ok);
  if (failed.length === 0) return EXIT.ok;
  return failed.every((o) => traceUnreachable(o.trace)) ? EXIT.network : EXIT.failed;
}
