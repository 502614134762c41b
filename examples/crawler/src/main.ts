import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createHttpClient } from '@agentweb/http';
import { type CrawlSummary, crawlDomains } from './crawl-domains.js';
import { crawlSandbox } from './crawl-sandbox.js';
import { parseDomainList } from './domain-list.js';

const USAGE = `usage: node dist/main.js [domains.txt] [--out index.jsonl] [--concurrency 4] [--user-agent UA]
  without a file, crawls the embedded sandbox (no network needed)
  with a file (one domain per line, # comments), crawls those domains over https`;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      concurrency: { type: 'string' },
      'user-agent': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const concurrency = values.concurrency === undefined ? 4 : Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    throw new Error('--concurrency must be a whole number from 1 to 64');
  }
  const out = values.out === undefined ? process.stdout : createWriteStream(values.out);
  let outError: Error | undefined;
  // An unwritable --out path fails asynchronously; keep the error for the message below instead of crashing.
  if (out !== process.stdout) out.on('error', (error) => (outError ??= error));
  const file = positionals[0];
  let summary: CrawlSummary;
  if (file === undefined) {
    summary = await crawlSandbox({ out, progress: process.stderr, concurrency });
  } else {
    const domains = parseDomainList(await readFile(file, 'utf8'));
    const http = createHttpClient({ timeoutMs: 15_000 });
    try {
      summary = await crawlDomains({
        domains,
        out,
        http,
        concurrency,
        progress: process.stderr,
        ...(values['user-agent'] === undefined ? {} : { userAgent: values['user-agent'] }),
      });
    } finally {
      await http.close();
    }
  }
  if (out !== process.stdout) await new Promise<void>((resolve) => out.end(resolve));
  if (outError) throw new Error(`cannot write ${values.out}: ${outError.message}`);
  process.stderr.write(
    `${summary.records} records; agents found: ${summary.agents.length}; failed: ${Object.keys(summary.failed).length}\n`,
  );
}

// `| head` closes the pipe early; the reader has what it wanted, so stop quietly like other Unix tools.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

try {
  await main();
} catch (error) {
  process.stderr.write(`crawler: ${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
  process.exitCode = 1;
}
