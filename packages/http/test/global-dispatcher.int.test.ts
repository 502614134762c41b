import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, expect, it } from 'vitest';

// A fresh process, as a user's: the test runner has long set up Node's own fetch, which would hide the problem.
// The package is bundled from source into a folder inside it, so `undici` (required on first use) resolves as it
// does for the built package.
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(packageDir, '.tmp-dispatcher-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SCRIPT = `
import { createServer } from 'node:http';
import { createHttpClient } from './http.mjs';
const server = createServer((req, res) => { req.resume(); req.on('end', () => { res.setHeader('content-type', 'application/json'); res.end('{"ok":true}'); }); });
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = 'http://127.0.0.1:' + server.address().port + '/';
const client = createHttpClient({ allowHttp: true, allowPrivateNetwork: ['127.0.0.1'], cache: false });
const ours = await client.getJson(url);
const theirs = await fetch(url, { method: 'POST', headers: { 'content-length': '2' }, body: Buffer.from('hi') });
const dispatchers = [Symbol.for('undici.globalDispatcher.1'), Symbol.for('undici.globalDispatcher.2')];
console.log(JSON.stringify({
  ours: ours.data,
  theirs: theirs.status,
  shared: globalThis[dispatchers[0]] === globalThis[dispatchers[1]],
}));
await client.close();
server.close();
`;

it("a user's own fetch keeps Node's dispatcher after the client's first connection loads undici", async () => {
  await build({
    entryPoints: [join(packageDir, 'src/index.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile: join(dir, 'http.mjs'),
    // Left to Node, as in the published package: undici is required on the first connection.
    external: ['undici', 'ky', 'lru-cache'],
    logLevel: 'silent',
  });
  writeFileSync(join(dir, 'script.mjs'), SCRIPT);
  const run = spawnSync(process.execPath, [join(dir, 'script.mjs')], { encoding: 'utf8', timeout: 30_000 });
  expect(run.stderr).toBe('');
  expect(JSON.parse(run.stdout.trim())).toEqual({ ours: { ok: true }, theirs: 200, shared: false });
});
