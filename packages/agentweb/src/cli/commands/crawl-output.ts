import { open } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import type { CrawlProvenance, CrawlRecord, ProductIdExtraction } from '@agentweb/discovery';
import { CliOperationError } from '../cli-errors.js';
import { type TerminalWritable, toJsonLine, writeLine } from '../cli-io.js';
import { formatTable } from '../table.js';

/** One JSONL line: what the crawl learned about a domain and where each piece came from. */
export interface CrawlLine {
  domain: string;
  /** `found`, `not-found`, `robots-disallowed`, `invalid` (not a domain) or `error`. */
  outcome: 'found' | 'not-found' | 'robots-disallowed' | 'invalid' | 'error';
  agent: {
    id: string;
    name: string;
    mechanism: string;
    cardUrl: string;
    capSkills: string[];
    provenance: CrawlProvenance;
  } | null;
  robots: { outcome: string; crawlDelaySeconds?: number; provenance: CrawlProvenance } | null;
  categories: { format: string; bytes: number; provenance: CrawlProvenance } | null;
  errors: { stage: string; code: string; message: string; url?: string; provenance?: CrawlProvenance }[];
}

type ErrorEntry = CrawlLine['errors'][number];

function errorEntry(r: Extract<CrawlRecord, { kind: 'error' }>): ErrorEntry {
  return {
    stage: r.stage,
    code: r.code,
    message: r.message,
    ...(r.url !== undefined ? { url: r.url } : {}),
    ...(r.provenance !== undefined ? { provenance: r.provenance } : {}),
  };
}

/** Reads one domain per line; `#` starts a comment; blank lines and repeats are skipped. */
export function parseDomainList(text: string): string[] {
  const seen = new Set<string>();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    if (line === '') continue;
    seen.add(line);
  }
  return [...seen];
}

/** Summarises one domain's crawl records into its JSONL line. */
export function summarise(domain: string, records: readonly CrawlRecord[]): CrawlLine {
  const line: CrawlLine = {
    domain,
    outcome: 'error',
    agent: null,
    robots: null,
    categories: null,
    errors: [],
  };
  for (const r of records) {
    if (r.kind === 'agent')
      line.agent = {
        id: r.profile.id,
        name: r.profile.name,
        mechanism: r.mechanism,
        cardUrl: r.provenance.sourceUrl,
        capSkills: r.profile.cap?.skills ?? [],
        provenance: r.provenance,
      };
    else if (r.kind === 'robots')
      line.robots = {
        outcome: r.outcome,
        ...(r.crawlDelaySeconds !== undefined ? { crawlDelaySeconds: r.crawlDelaySeconds } : {}),
        provenance: r.provenance,
      };
    else if (r.kind === 'categories')
      line.categories = { format: r.format, bytes: Buffer.byteLength(r.text), provenance: r.provenance };
    else if (r.kind === 'error') line.errors.push(errorEntry(r));
  }
  const agentError = line.errors.find((e) => e.stage === 'agent' || e.stage === 'domain');
  if (line.agent) line.outcome = 'found';
  else if (agentError?.code === 'ROBOTS_DISALLOWED') line.outcome = 'robots-disallowed';
  else if (agentError?.code === 'INVALID_DISCOVERY_TARGET') line.outcome = 'invalid';
  else if (agentError?.code === 'DISCOVERY_FAILED') line.outcome = 'not-found';
  return line;
}

/** Opens `--out` for writing, as a CLI error when it cannot be. */
async function openOut(path: string): Promise<Writable> {
  try {
    const handle = await open(path, 'w');
    return handle.createWriteStream();
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new CliOperationError('CLI_FILE_UNWRITABLE', `cannot write ${path}: ${detail}`, error);
  }
}

/** One JSONL line for a product page (`crawl --pages`): the identifiers read from it and where they came from. */
export interface CrawlPageLine {
  kind: 'page';
  url: string;
  /** The page's host. */
  domain: string;
  /** `found` (a product id was read), `no-product-id`, `robots-disallowed` or `error`. */
  outcome: 'found' | 'no-product-id' | 'robots-disallowed' | 'error';
  /** The identifier to use, by CAP precedence, or null. */
  productId: string | null;
  /** The chosen identifier and every candidate, or null when the page could not be read. */
  extraction: Pick<ProductIdExtraction, 'chosen' | 'candidates'> | null;
  provenance: CrawlProvenance | null;
  errors: { stage: string; code: string; message: string; url?: string; provenance?: CrawlProvenance }[];
}

/** Summarises one product page's crawl records into its JSONL line. */
export function summarisePage(url: string, records: readonly CrawlRecord[]): CrawlPageLine {
  const line: CrawlPageLine = {
    kind: 'page',
    url,
    domain: URL.parse(url)?.host ?? url,
    outcome: 'error',
    productId: null,
    extraction: null,
    provenance: null,
    errors: [],
  };
  for (const r of records) {
    if (r.kind === 'product') {
      line.domain = r.domain;
      line.productId = r.extraction.chosen?.id ?? null;
      line.extraction = { chosen: r.extraction.chosen, candidates: r.extraction.candidates };
      line.provenance = r.provenance;
      line.outcome = line.productId === null ? 'no-product-id' : 'found';
    } else if (r.kind === 'error') {
      line.errors.push(errorEntry(r));
      line.provenance ??= r.provenance ?? null;
      if (r.code === 'ROBOTS_DISALLOWED') line.outcome = 'robots-disallowed';
    }
  }
  return line;
}

/** Where a crawl writes its JSONL: `--out` or stdout. */
export interface JsonlOutput {
  /** Writes one value as a line; false once a write has failed (stop writing then). */
  write(value: unknown): boolean;
  /** Lines written. */
  readonly lines: number;
  /** Ends a file (stdout stays open). Call it in `finally`. */
  end(): Promise<void>;
  /** Throws `CLI_FILE_UNWRITABLE` when a write failed. */
  check(): void;
}

/** Opens the crawl's output: `path` when given, else `stdout`. */
export async function openJsonlOutput(path: string | undefined, stdout: Writable): Promise<JsonlOutput> {
  const out: Writable = path ? await openOut(path) : stdout;
  let writeError: Error | undefined;
  let lines = 0;
  out.on('error', (error: Error) => {
    writeError ??= error;
  });
  return {
    write(value) {
      out.write(`${toJsonLine(value)}\n`);
      lines++;
      return writeError === undefined;
    },
    get lines() {
      return lines;
    },
    async end() {
      if (out !== stdout)
        await new Promise<void>((resolve, reject) =>
          out.end((e?: Error | null) => (e ? reject(e) : resolve())),
        );
    },
    check() {
      if (writeError)
        throw new CliOperationError(
          'CLI_FILE_UNWRITABLE',
          `cannot write ${path ?? 'stdout'}: ${writeError.message}`,
          writeError,
        );
    },
  };
}

/** The summary on stderr after a crawl: a table of outcome counts and, with `--out`, where the lines went. */
export function writeCrawlSummary(
  stderr: TerminalWritable,
  column: string,
  counts: ReadonlyMap<string, number>,
  output: { path: string | undefined; lines: number },
): void {
  stderr.write(
    formatTable(
      ['outcome', column],
      [...counts.entries()].sort().map(([outcome, n]) => [outcome, n]),
    ),
  );
  if (output.path) writeLine(stderr, `wrote ${output.lines} lines to ${output.path}`);
}
