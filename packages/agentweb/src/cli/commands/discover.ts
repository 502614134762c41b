import type { ResolveManyOutcome, ResolveResult, TraceEntry } from '@agentweb/discovery';
import { CliUsageError } from '../cli-errors.js';
import { errorCode, writeJson, writeLine } from '../cli-io.js';
import type { CliCommand } from '../command.js';
import { EXIT, traceUnreachable } from '../exit-codes.js';
import { booleanFlag, integerFlag } from '../flag-values.js';
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

function errorText(error: unknown): string {
  if (error instanceof Error) {
    const code = errorCode(error);
    return code !== undefined ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
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

export const discoverCommand: CliCommand = {
  name: 'discover',
  summary: 'find the agent card of each domain (DNS TXT, link tag, well-known URIs) with the trace',
  usage: [
    'agentweb discover <domain|url>... [--require-cap] [--concurrency <n>]',
    '',
    'Runs CAP discovery on each domain (shop.example, shop.example:8443) or page URL and prints every step',
    '(mechanism, target, outcome, elapsed) and the profile found (name, card URL, CAP skills).',
    '',
    '  --require-cap          accept only cards that declare the CAP extension',
    '  --concurrency <n>      domains discovered at once (default 8)',
    '',
    'Exit: 0 every domain found, 1 some not found, 3 all failures were network failures.',
  ].join('\n'),
  options: {
    'require-cap': { type: 'boolean' },
    concurrency: { type: 'string' },
  },
  clientFlags: true,
  async run(ctx) {
    if (ctx.positionals.length === 0) throw new CliUsageError('missing <domain>', 'discover');
    const concurrency = integerFlag(ctx.values, 'concurrency', { min: 1, max: 256, command: 'discover' }, 8);
    const outcomes = await ctx.client().discoverMany(ctx.positionals, {
      signal: ctx.signal,
      requireCap: booleanFlag(ctx.values, 'require-cap'),
      ...(concurrency !== undefined ? { concurrency } : {}),
    });
    if (ctx.json) writeJson(ctx.io.stdout, { results: outcomes.map(outcomeJson) });
    else {
      for (const outcome of outcomes) {
        const { stdout } = ctx.io;
        writeLine(stdout, `${outcome.domain}: ${outcome.ok ? 'found' : 'not found'}`);
        stdout.write(traceTable(outcome.ok ? outcome.result.trace : outcome.trace));
        if (outcome.ok) stdout.write(profileFields(outcome.result));
        else writeLine(stdout, `  error: ${printable(errorText(outcome.error))}`);
        writeLine(stdout);
      }
    }
    const failed = outcomes.filter((o): o is Extract<ResolveManyOutcome, { ok: false }> => !o.ok);
    if (failed.length === 0) return EXIT.ok;
    return failed.every((o) => traceUnreachable(o.trace)) ? EXIT.network : EXIT.failed;
  },
};
