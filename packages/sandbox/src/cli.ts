#!/usr/bin/env node
import { parseArgs } from 'node:util';
import type { MerchantBinding } from './merchant-runtime.js';
import { startSandbox } from './start-sandbox.js';

const USAGE = 'agentweb-sandbox [--merchants N] [--seed S] [--port P] [--bindings JSONRPC,HTTP+JSON,GRPC]\n';
// `pnpm sandbox -- --merchants 3` hands the script a literal `--` first; parseArgs would take the rest as positionals.
const argv = process.argv.slice(2);
if (argv[0] === '--') argv.shift();

function parse() {
  try {
    return parseArgs({
      args: argv,
      options: {
        merchants: { type: 'string', default: '5' },
        seed: { type: 'string', default: 'agentweb' },
        port: { type: 'string', default: '0' },
        bindings: { type: 'string', default: 'JSONRPC' },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (e) {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n${USAGE}`);
    process.exit(2);
  }
}
const values = parse();

if (values.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}

const merchants = Number(values.merchants);
const port = Number(values.port);
if (!Number.isInteger(merchants) || merchants < 0 || !Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write('--merchants and --port must be non-negative integers\n');
  process.exit(2);
}

// Handlers go in before anything is printed: a supervisor that signals as soon as it reads the banner must still
// get a clean shutdown (a signal during start-up just exits: nothing is listening yet that the exit would not end).
let closeSandbox: (() => Promise<void>) | undefined;
let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  void (closeSandbox?.() ?? Promise.resolve()).then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

const started = performance.now();
const bindings = values.bindings.split(',').map((b) => b.trim()) as MerchantBinding[];
const sb = await startSandbox({ merchants, seed: values.seed, port, bindings }).catch((error: unknown) => {
  // A taken port or a bad option is the user's to fix: one line, not a stack trace.
  process.stderr.write(`agentweb-sandbox: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
closeSandbox = sb.close;
const ms = Math.round(performance.now() - started);

const rows = sb.merchants.map((m) => [
  m.domain,
  m.baseUrl,
  m.cardUrl,
  m.dialect,
  `${m.binding} ${m.endpointUrl}`,
  String(m.catalogSize),
]);
const header = ['domain', 'base URL', 'card URL', 'dialect', 'A2A endpoint', 'products'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
const line = (r: string[]) =>
  r
    .map((c, i) => c.padEnd(widths[i] ?? 0))
    .join('  ')
    .trimEnd();
const out = [
  `AgentWeb sandbox: ${merchants} merchant(s), seed "${values.seed}", started in ${ms} ms`,
  '',
  line(header),
  line(widths.map((w) => '-'.repeat(w))),
  ...rows.map(line),
  '',
  `HTTP  ${sb.http.host}:${sb.http.port} (every merchant domain resolves to it)`,
  `DNS   ${sb.dns.host}:${sb.dns.port} (UDP and TCP; _cap.<domain> TXT, <domain> A)`,
  `DoH   ${sb.doh}`,
  '',
  ...(sb.agis.length > 0
    ? ['AGIS services:', ...sb.agis.map((a) => `  ${a.service}  ${a.wellKnownUrl}`), '']
    : []),
  'Point a client at it:',
  `  curl --resolve ${sb.merchants[0]?.domain ?? 'shop-0.sandbox.test'}:${sb.http.port}:127.0.0.1 ${sb.merchants[0]?.cardUrl ?? ''}`,
  `  dig @${sb.dns.host} -p ${sb.dns.port} TXT _cap.${sb.merchants[0]?.domain ?? 'shop-0.sandbox.test'}`,
  '  in code: startSandbox() returns `lookup` (for @agentweb/http) and `fetch` (for SDK clients).',
  '',
  'Ctrl-C to stop.',
];
process.stdout.write(`${out.join('\n')}\n`);
