import {
  type FanOutChunk,
  type FanOutProduct,
  type FanOutResult,
  mergeChunks,
  parseFilter,
} from '@agentweb/cap';
import { CliUsageError } from '../cli-errors.js';
import { errorCode, writeJson, writeLine } from '../cli-io.js';
import type { CommandContext } from '../command.js';
import { cliErrorMessage } from '../error-text.js';
import { EXIT, exitCodeFor } from '../exit-codes.js';
import { booleanFlag, integerFlag, requirePositionals, stringFlag, stringList } from '../flag-values.js';
import { createLiveView, type LiveView, pendingList } from '../live-view.js';
import { formatFields, formatMs, formatTable, printable } from '../table.js';

function priceOf(item: FanOutProduct): string | undefined {
  const offer = item.product.offers?.[0];
  if (!offer?.price) return undefined;
  return offer.priceCurrency ? `${offer.price} ${offer.priceCurrency}` : offer.price;
}

/** A filter the merchants would refuse is the caller's to fix: checked here, before any merchant is asked. */
function checkFilter(filter: string): void {
  try {
    parseFilter(filter);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliUsageError(
      `--filter "${filter}": ${reason.replace(/^Filter syntax error/, 'syntax error')}`,
      'search',
    );
  }
}

/** Why a merchant gave nothing, as a person can act on it: the error's own message, options named as flags. */
function failureText(outcome: FanOutResult['outcomes'][number]): string | undefined {
  if (outcome.error === undefined) return outcome.status === 'ok' ? undefined : outcome.reason;
  const code = errorCode(outcome.error);
  const message = cliErrorMessage(outcome.error);
  return code !== undefined && !message.startsWith(code) ? `${code}: ${message}` : message;
}

function productRows(products: readonly FanOutProduct[]): (string | undefined)[][] {
  return products.map((p) => [p.merchantId, p.product.id, p.product.name, priceOf(p)]);
}

/**
 * Runs the search as a stream so each merchant can be shown as it answers, and merges the chunks exactly as the
 * one-shot search does (round-robin, GTIN de-duplication), so the final result does not depend on the view.
 */
async function streamSearch(
  ctx: CommandContext,
  query: string,
  merchants: readonly string[],
  options: Parameters<ReturnType<CommandContext['client']>['search']>[1],
  view: LiveView,
): Promise<FanOutResult> {
  const started = performance.now();
  const chunks: FanOutChunk[] = [];
  let products = 0;
  let done = 0;
  // Merchants are discovered before any is asked: show which are found and which are still pending meanwhile.
  const finding = new Set(merchants);
  let found = 0;
  const findingStatus = (): void =>
    view.status(`search: ${found}/${merchants.length} merchant(s) found; ${pendingList(finding)}`);
  ctx.onClientEvent((event) => {
    if (event.type !== 'discover:done' || done > 0 || !finding.delete(event.target)) return;
    if (event.ok) found++;
    findingStatus();
  });
  findingStatus();
  for await (const chunk of ctx.client().searchStream(query, options)) {
    chunks[chunk.index] = chunk;
    done++;
    products += chunk.products.length;
    const { outcome } = chunk;
    const reason = failureText(outcome);
    view.result(
      `${printable(outcome.merchantId)}: ${outcome.status}, ${chunk.products.length} product(s), ${formatMs(outcome.elapsedMs)}${reason ? ` (${printable(reason)})` : ''}`,
    );
    if (chunk.products.length > 0)
      view.result(
        formatTable(['merchant', 'id', 'name', 'price'], productRows(chunk.products), { indent: '  ' }),
      );
    view.status(
      `search: ${done} merchant(s) done, ${products} product(s); ${Math.max(0, merchants.length - done)} pending`,
    );
  }
  const filled = chunks.filter((c): c is FanOutChunk => c !== undefined);
  const merged = mergeChunks(chunks);
  const outcomes = filled.map((c) => c.outcome);
  return {
    products: merged.products,
    outcomes,
    duplicates: merged.duplicates,
    elapsedMs: performance.now() - started,
    deadlineReached: outcomes.some((o) => o.reason === 'deadline'),
  };
}

/** Runs `agentweb search` (its flags and help are in search.ts, loaded without this). */
export async function runSearch(ctx: CommandContext): Promise<number> {
  const [query] = requirePositionals(ctx.positionals, ['query'], 'search');
  if (query!.trim() === '')
    throw new CliUsageError('<query> is empty: give the words to search for', 'search');
  const merchants = stringList(ctx.values, 'merchant');
  if (merchants.length === 0) throw new CliUsageError('at least one --merchant is required', 'search');
  const limit = integerFlag(ctx.values, 'limit', { min: 1, max: 100, command: 'search' });
  const deadlineMs = integerFlag(ctx.values, 'deadline', { min: 1, max: 600_000, command: 'search' });
  const filter = stringFlag(ctx.values, 'filter');
  if (filter !== undefined) checkFilter(filter);
  const options = {
    merchants,
    signal: ctx.signal,
    ...(filter !== undefined ? { filter } : {}),
    ...(limit !== undefined ? { limit } : {}),
    ...(deadlineMs !== undefined ? { deadlineMs } : {}),
    ...(booleanFlag(ctx.values, 'phrase') ? { queryMode: 'phrase' as const } : {}),
  };
  const view = createLiveView(ctx.io, ctx.json);
  let result: FanOutResult;
  try {
    result = view.live
      ? await streamSearch(ctx, query!, merchants, options, view)
      : await ctx.client().search(query!, options);
  } finally {
    view.done();
  }
  // What arrived before Ctrl-C is not a result to print: the run was interrupted.
  ctx.signal.throwIfAborted();
  const answered = result.outcomes.filter((o) => o.status === 'ok' || o.products > 0).length;
  if (ctx.json) writeJson(ctx.io.stdout, { query, ...result });
  else {
    const { stdout } = ctx.io;
    if (view.live) writeLine(stdout);
    stdout.write(formatTable(['merchant', 'id', 'name', 'price'], productRows(result.products)));
    writeLine(stdout);
    stdout.write(
      formatTable(
        ['merchant', 'status', 'products', 'elapsed', 'reason'],
        result.outcomes.map((o) => [o.merchantId, o.status, o.products, formatMs(o.elapsedMs), o.reason]),
      ),
    );
    // The table cell holds a code; the reason a person can act on is the whole message.
    const failures = result.outcomes.filter((o) => o.error !== undefined);
    if (failures.length > 0) {
      writeLine(stdout);
      for (const o of failures)
        writeLine(stdout, `${printable(o.merchantId)}: ${printable(failureText(o) ?? '')}`);
    }
    writeLine(stdout);
    stdout.write(
      formatFields([
        ['products', result.products.length],
        ['duplicates', result.duplicates],
        ['elapsed', formatMs(result.elapsedMs)],
        ['deadline reached', result.deadlineReached ? 'yes' : 'no'],
      ]),
    );
  }
  if (answered > 0) return EXIT.ok;
  const networkOnly = result.outcomes.every(
    (o) => o.status === 'timeout' || (o.error !== undefined && exitCodeFor(o.error) === EXIT.network),
  );
  return result.outcomes.length > 0 && networkOnly ? EXIT.network : EXIT.failed;
}
