import { PassThrough, Writable } from 'node:stream';
import { startSandbox } from '@agentweb/sandbox';
import { runCli } from './dist/cli/run-cli.js';

const sb = await startSandbox({
  merchants: 4,
  seed: 'cli-exit',
  faults: { 2: { hang: true }, 3: { hang: 'all' } },
});
const flags = [
  '--allow-http',
  '--allow-private-network',
  '--scheme',
  'http',
  '--resolve',
  '*.sandbox.test=127.0.0.1',
  '--dns',
  `${sb.dns.host}:${sb.dns.port}`,
];
const mk = () => {
  let t = '';
  const s = new Writable({
    write(c, e, d) {
      t += c;
      d();
    },
  });
  return { s, t: () => t };
};
const o = mk(),
  e = mk();
const stdin = new PassThrough();
stdin.end();
const t0 = Date.now();
const code = await runCli(
  process.argv
    .slice(2)
    .map((a) =>
      a
        .replace('HANG', `${sb.merchants[3].domain}:${sb.http.port}`)
        .replace('SLOW', `${sb.merchants[2].domain}:${sb.http.port}`)
        .replace('OK0', `${sb.merchants[0].domain}:${sb.http.port}`),
    )
    .concat(flags),
  { io: { stdout: o.s, stderr: e.s, stdin } },
);
console.log({ code, ms: Date.now() - t0, stdout: o.t(), stderr: e.t() });
await sb.close();
