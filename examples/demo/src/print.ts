/** Writes the demo's lines; one instance per run so output can go to any stream. */
export interface Printer {
  /** A step heading. */
  step(n: number, title: string): void;
  /** An indented line under the current step. */
  line(text: string): void;
}

/** A printer over a stream. */
export function createPrinter(out: NodeJS.WritableStream): Printer {
  return {
    step(n, title) {
      out.write(`\n== ${n}. ${title}\n`);
    },
    line(text) {
      out.write(`   ${text}\n`);
    },
  };
}

/** One discovery trace entry as a table row: mechanism, outcome, status, target, why. */
export function traceRow(entry: {
  mechanism: string;
  target: string;
  outcome: string;
  status?: number | undefined;
  code?: string | undefined;
  reason?: string | undefined;
}): string {
  const status = entry.status === undefined ? '' : ` ${entry.status}`;
  const why = entry.code ?? entry.reason;
  return `${entry.mechanism.padEnd(10)} ${`${entry.outcome}${status}`.padEnd(12)} ${entry.target}${why ? `  (${why})` : ''}`;
}

/** The first offer's price, e.g. `129.00 USD`, or `-`. */
export function priceOf(
  offers: readonly { price?: string | undefined; priceCurrency?: string | undefined }[] | undefined,
): string {
  const offer = offers?.find((o) => o.price !== undefined);
  return offer === undefined ? '-' : `${offer.price} ${offer.priceCurrency ?? ''}`.trim();
}

/**
 * A merchant's short name for output: its host without the port. AgentWeb ids merchants by profile id, which for
 * A2A cards is the endpoint URL; people know a shop by its domain.
 */
export function merchantNamer(
  merchants: readonly { id: string; domain: string }[],
): (merchantId: string) => string {
  const byId = new Map(merchants.map((m) => [m.id, m.domain.replace(/:\d+$/, '')]));
  return (merchantId) => byId.get(merchantId) ?? merchantId;
}
