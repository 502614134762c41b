// A crawl worker in its own process, for tests and the benchmark: started by startCrawlWorkerProcess with its
// settings as JSON in argv[2]. Reaches the names under `hostSuffix` on 127.0.0.1 only.
import { createDnsResolver } from '@agentweb/discovery';
import type { LookupFunction } from '@agentweb/http';
import { createHttpClient } from '@agentweb/http';
import { startCrawlWorker } from '../../src/index.js';
import type { CrawlWorkerProcessSettings } from './crawl-worker-process.js';

const settings = JSON.parse(process.argv[2] ?? '{}') as CrawlWorkerProcessSettings;
const suffix = `.${settings.hostSuffix}`;
const lookup: LookupFunction = (hostname, options, callback) => {
  process.nextTick(() => {
    if (!hostname.toLowerCase().endsWith(suffix)) {
      callback(Object.assign(new Error(`${hostname} is not a test host`), { code: 'ENOTFOUND' }), []);
      return;
    }
    if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
    else callback(null, '127.0.0.1', 4);
  });
};
const http = createHttpClient({ allowHttp: true, allowPrivateNetwork: true, lookup, timeoutMs: 5_000 });
let warnings = 0;
const worker = startCrawlWorker({
  url: settings.url,
  http,
  name: settings.name,
  concurrency: settings.concurrency,
  lockDurationMs: settings.lockDurationMs,
  stalledIntervalMs: settings.stalledIntervalMs,
  hostLeaseMs: 10_000,
  ...(settings.keyPrefix === undefined ? {} : { keyPrefix: settings.keyPrefix }),
  // Domain jobs look up TXT records on the test's DNS server only, never the system's.
  resolverOptions:
    settings.dnsServer === undefined
      ? { mechanisms: ['link-tag', 'agent-card'] }
      : { dns: createDnsResolver({ servers: [settings.dnsServer] }) },
  // Pages are small: reading them on the event loop keeps each process to one thread, as the figure intends.
  extractionPool: false,
  onEvent: (event) => {
    if (event.type === 'warning') warnings++;
  },
});
process.stdout.write(`${JSON.stringify({ type: 'ready', pid: process.pid })}\n`);
const report = setInterval(() => {
  process.stdout.write(`${JSON.stringify({ type: 'stats', ...worker.stats, warnings })}\n`);
}, 500);
process.once('SIGTERM', () => {
  clearInterval(report);
  void worker
    .close()
    .then(() => http.close())
    .finally(() => process.exit(0));
});
