import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** What a worker process is started with. */
export interface CrawlWorkerProcessSettings {
  /** Redis URL. */
  url: string;
  /** Worker name. */
  name: string;
  /** Jobs at once. */
  concurrency: number;
  /** BullMQ lock (short in tests, so a killed worker's jobs come back soon). */
  lockDurationMs: number;
  /** Stalled-job check interval. */
  stalledIntervalMs: number;
  /** Host names ending in `.<hostSuffix>` resolve to 127.0.0.1; nothing else resolves. */
  hostSuffix: string;
  /** Key prefix. */
  keyPrefix?: string;
  /** DNS server (`127.0.0.1:<port>`) for domain jobs' TXT lookups; without it they skip DNS. */
  dnsServer?: string;
}

/** A worker process. */
export interface CrawlWorkerProcess {
  readonly pid: number;
  readonly child: ChildProcess;
  /** The last stats line it printed. */
  stats(): { completed: number; deferred: number; failed: number; warnings: number } | undefined;
  /** SIGKILL, as a crashed machine would. */
  kill(): Promise<void>;
  /** SIGTERM: the worker finishes its jobs and exits. */
  stop(): Promise<void>;
}

const hooks = fileURLToPath(new URL('../../../core/src/dev/register-ts-source-hooks.mjs', import.meta.url));
const entry = fileURLToPath(new URL('./crawl-worker-child.ts', import.meta.url));

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts a crawl worker in a new Node process (from the TypeScript sources) and waits until it runs. */
export async function startCrawlWorkerProcess(
  settings: CrawlWorkerProcessSettings,
): Promise<CrawlWorkerProcess> {
  const child = spawn(process.execPath, ['--import', hooks, entry, JSON.stringify(settings)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let last: ReturnType<CrawlWorkerProcess['stats']>;
  let buffer = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('crawl worker process did not start within 60 s'));
    }, 60_000);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`crawl worker process exited before it was ready (${code ?? signal})`));
    });
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      buffer += chunk;
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        const line = JSON.parse(buffer.slice(0, newline)) as { type: string };
        buffer = buffer.slice(newline + 1);
        if (line.type === 'ready') {
          clearTimeout(timer);
          child.removeAllListeners('exit');
          resolve();
        } else if (line.type === 'stats') last = line as unknown as typeof last;
        newline = buffer.indexOf('\n');
      }
    });
  });
  return {
    pid: child.pid!,
    child,
    stats: () => last,
    kill: async () => {
      const gone = exited(child);
      child.kill('SIGKILL');
      await gone;
    },
    stop: async () => {
      const gone = exited(child);
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await gone;
      clearTimeout(force);
    },
  };
}
