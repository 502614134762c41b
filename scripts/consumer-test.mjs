// `node scripts/consumer-test.mjs [--keep]`: uses the packages as a user who installs them from npm would.
//
// Packs every published package (after `pnpm build`), installs the tarballs with one `npm install` into an empty
// project in the system's temporary folder (outside the repository, so nothing resolves to the workspace), and
// runs there: the install footprint of `agentweb` (bounds in bench/targets.json), an ESM import and a CommonJS
// require of every subpath of every package, `tsc` of a consumer file under three module settings (no DOM,
// library types checked), the README's code example against the sandbox, an esbuild and a rolldown bundle that
// run, the bins, and publint and attw (`--profile esm-only`) on every tarball. One line per check; exits 1 naming
// the checks that failed. `--keep` leaves the project folder for a look.
import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { FOOTPRINT_INSTALL_SCRIPTS, footprintBounds, installFootprint } from './consumer/footprint.mjs';
import {
  cjsRequiresModule,
  consumerManifest,
  DOM_TYPED_SUBPATHS,
  domTsconfig,
  domTypesModule,
  esmImportsModule,
  exportSpecifiers,
  readmeExampleModule,
  TSC_SETTINGS,
  tsconfig,
  typesModule,
} from './consumer/generate.mjs';
import { catalogVersions, packPublished, publishedPackages } from './consumer/packages.mjs';
import { startSandboxCli } from './consumer/sandbox-cli.mjs';

const root = resolve(import.meta.dirname, '..');
const keep = process.argv.includes('--keep');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const started = performance.now();

/** Runs a command; resolves `{ code, stdout, stderr }` (never rejects on a non-zero exit). */
function run(command, args, { cwd, env, timeoutMs = 120_000, input } = {}) {
  return new Promise((done, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code: signal ? `${signal} (after ${timeoutMs} ms?)` : code, stdout, stderr });
    });
    if (input !== undefined) child.stdin.end(input);
    else child.stdin.end();
  });
}

/** The last lines of a command's output, for a failure message. */
const tail = (r, lines = 12) =>
  `${r.stdout}\n${r.stderr}`.trim().split('\n').slice(-lines).join('\n').replaceAll('\n', '\n      ');

const failures = [];
/** Runs one check and prints one line: `ok   name: detail (time)` or `FAIL name: why`. */
async function check(name, fn, { timed = true } = {}) {
  const t0 = performance.now();
  try {
    const detail = await fn();
    const s = ((performance.now() - t0) / 1000).toFixed(1);
    console.log(`ok    ${name}${detail ? `: ${detail}` : ''}${timed ? ` (${s} s)` : ''}`);
    return true;
  } catch (error) {
    failures.push(name);
    console.log(`FAIL  ${name}: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}

/** Runs a command that must exit 0; returns its stdout. */
async function mustRun(command, args, options) {
  const r = await run(command, args, options);
  if (r.code !== 0) throw new Error(`${[command, ...args].join(' ')} exited ${r.code}:\n      ${tail(r)}`);
  return r.stdout;
}

/** Runs the async functions at most `limit` at a time (the machine has two cores). */
async function pool(tasks, limit) {
  const results = [];
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

const missingBuild = publishedPackages(root).filter((p) => !existsSync(join(p.dir, 'dist')));
if (missingBuild.length > 0) {
  console.log(
    `consumer test: no dist in ${missingBuild.map((p) => p.name).join(', ')}; run pnpm build first`,
  );
  process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), 'agentweb-consumer-'));
const tarballs = join(work, 'tarballs');
const project = join(work, 'project');
// The bin links npm made, which is what `npx <bin>` runs in the project (npx itself is checked once: it costs ~2 s).
const projectBin = (name) => join(project, 'node_modules', '.bin', name);
mkdirSync(tarballs);
mkdirSync(project);
console.log(`consumer test in ${work}`);

let packed = [];
let sandbox;
try {
  const packedOk = await check('pack every published package (pnpm pack)', async () => {
    packed = packPublished(root, tarballs);
    return `${packed.length} tarballs`;
  });
  if (!packedOk) throw new Error('stop');

  // publint and attw read only the tarballs: they run beside the install, which mostly waits on the network.
  const lint = (name, args) => async () => {
    const t0 = performance.now();
    const result = await run(bin(name), args, { cwd: work });
    return { result, seconds: ((performance.now() - t0) / 1000).toFixed(1) };
  };
  const lints = pool(
    packed.flatMap((pkg) => [
      async () => ({
        name: `publint --strict ${pkg.name}`,
        ...(await lint('publint', ['run', pkg.tarball, '--strict'])()),
      }),
      async () => ({
        name: `attw --profile esm-only ${pkg.name}`,
        ...(await lint('attw', [
          pkg.tarball,
          '--profile',
          'esm-only',
          '--no-definitely-typed',
          '--format',
          'ascii',
          '--no-color',
        ])()),
      }),
    ]),
    2,
  );

  const manifest = consumerManifest(packed, catalogVersions(root));
  writeFileSync(join(project, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const installed = await check('npm install (every tarball, the optional peers, @types/node)', async () => {
    await mustRun(
      'npm',
      ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', '--no-update-notifier'],
      { cwd: project, timeoutMs: 300_000 },
    );
    const lock = JSON.parse(readFileSync(join(project, 'package-lock.json'), 'utf8'));
    const fromRegistry = Object.entries(lock.packages)
      .filter(([path]) => /node_modules\/(@agentweb\/[^/]+|agentweb)$/.test(path))
      .filter(([, entry]) => !String(entry.resolved ?? '').startsWith('file:'))
      .map(([path]) => path);
    if (fromRegistry.length > 0) throw new Error(`not from the local tarballs: ${fromRegistry.join(', ')}`);
    const peers = Object.keys(manifest.dependencies).filter((n) => !packed.some((p) => p.name === n));
    return `${Object.keys(lock.packages).length - 1} packages: ${packed.length} tarballs, ${peers.join(', ')}`;
  });
  if (!installed) throw new Error('stop');

  await check('install footprint of agentweb', async () => {
    const { max, installScriptsMax } = footprintBounds(root);
    const own = installFootprint(project, 'agentweb');
    const withPeers = installFootprint(project, 'agentweb', { optionalPeers: true });
    const mb = (bytes) => (bytes / 1e6).toFixed(1);
    const figure =
      `${own.packages} packages, ${mb(own.bytes)} MB, install scripts: ${own.installScripts.join(', ') || 'none'}` +
      ` (with the optional peers installed: ${withPeers.packages} packages, ${mb(withPeers.bytes)} MB)`;
    const problems = [];
    if (max !== undefined && own.packages > max) problems.push(`more than ${max} packages`);
    if (installScriptsMax !== undefined && own.installScripts.length > installScriptsMax)
      problems.push(`${FOOTPRINT_INSTALL_SCRIPTS} over ${installScriptsMax}`);
    if (problems.length > 0) throw new Error(`${figure}: ${problems.join('; ')} (bench/targets.json)`);
    return figure;
  });

  const specifiers = packed.flatMap((pkg) => exportSpecifiers(pkg, join(project, 'node_modules', pkg.name)));
  writeFileSync(join(project, 'esm-imports.mjs'), esmImportsModule(specifiers));
  writeFileSync(join(project, 'cjs-requires.cjs'), cjsRequiresModule(specifiers));
  writeFileSync(join(project, 'types.ts'), typesModule(specifiers));
  writeFileSync(join(project, 'types-dom.ts'), domTypesModule());
  writeFileSync(join(project, 'tsconfig.dom.json'), `${JSON.stringify(domTsconfig(), null, 2)}\n`);
  for (const setting of Object.keys(TSC_SETTINGS))
    writeFileSync(
      join(project, `tsconfig.${setting}.json`),
      `${JSON.stringify(tsconfig(setting), null, 2)}\n`,
    );
  for (const file of ['sandbox-options.mjs', 'bundle-entry.mjs'])
    copyFileSync(join(root, 'scripts/consumer/project', file), join(project, file));
  writeFileSync(
    join(project, 'readme-example.mjs'),
    readmeExampleModule(readFileSync(join(root, 'README.md'), 'utf8')),
  );

  const loadAll = async (file, how) => {
    const out = await mustRun('node', [file], { cwd: project });
    const { loaded, failed } = JSON.parse(out.trim().split('\n').pop());
    if (failed.length > 0)
      throw new Error(
        `${failed.length} of ${specifiers.length} failed:${failed.map((f) => `\n      ${f.specifier}: ${f.error}`).join('')}`,
      );
    return `${loaded} subpaths ${how}`;
  };
  await check('ESM import of every subpath', () => loadAll('esm-imports.mjs', 'imported'));
  await check('CommonJS require of every subpath (require(esm))', () =>
    loadAll('cjs-requires.cjs', 'required'),
  );
  // The facade loads its tools (and zod) on the first createAgentWebTools call, synchronously: by require(esm) in
  // Node, inlined by a bundler (the bundles below call it too).
  const toolsScript = (load) =>
    `${load}; const tools = createAgentWebTools(new AgentWeb()); ` +
    "const search = tools.find((t) => t.name === 'search_products'); " +
    "if (typeof search?.inputSchema.safeParse !== 'function') throw new Error('no search_products zod input'); " +
    'console.log(tools.length);';
  await check(
    'createAgentWebTools from the facade loads the tools on first use (ESM and CommonJS)',
    async () => {
      const esm = await mustRun(
        'node',
        [
          '--input-type=module',
          '-e',
          toolsScript("import { AgentWeb, createAgentWebTools } from 'agentweb'"),
        ],
        { cwd: project },
      );
      const cjs = await mustRun(
        'node',
        ['-e', toolsScript("const { AgentWeb, createAgentWebTools } = require('agentweb')")],
        { cwd: project },
      );
      return `ESM ${esm.trim()} tools, CommonJS ${cjs.trim()} tools`;
    },
  );

  // The three settings (and the DOM-typed subpaths) run two at a time; each prints its own line.
  const tscCheck = (name, config) =>
    check(name, async () => {
      const tsc = join(root, 'node_modules/typescript/bin/tsc');
      const r = await run('node', [tsc, '-p', config], { cwd: project, timeoutMs: 300_000 });
      if (r.code !== 0) {
        const errors = r.stdout.split('\n').filter((l) => l.includes('error TS'));
        if (errors.length === 0) throw new Error(`exit ${r.code}:\n      ${tail(r)}`);
        throw new Error(`${errors.length} errors:\n      ${errors.slice(0, 15).join('\n      ')}`);
      }
      return '';
    });
  await pool(
    [
      ...Object.keys(TSC_SETTINGS).map(
        (setting) => () =>
          tscCheck(
            `tsc, ${JSON.stringify(TSC_SETTINGS[setting]).replaceAll('"', '')}, lib es2023, skipLibCheck false`,
            `tsconfig.${setting}.json`,
          ),
      ),
      () =>
        tscCheck(
          `tsc of ${Object.keys(DOM_TYPED_SUBPATHS).join(', ')}, nodenext, lib es2023 + dom, skipLibCheck false (${Object.values(DOM_TYPED_SUBPATHS).join('; ')})`,
          'tsconfig.dom.json',
        ),
    ],
    2,
  );

  const sandboxUp = await check('start the sandbox (packages/sandbox/dist/cli.js) on 127.0.0.1', async () => {
    sandbox = await startSandboxCli(join(root, 'packages/sandbox/dist/cli.js'));
    return `merchant ${sandbox.shop}, AGIS ${sandbox.reservations}, DNS ${sandbox.dns}`;
  });
  const sandboxEnv = sandbox && {
    AGENTWEB_SANDBOX_SHOP: sandbox.shop,
    AGENTWEB_SANDBOX_RESERVATIONS: sandbox.reservations,
    AGENTWEB_SANDBOX_DNS: sandbox.dns,
  };
  const needSandbox = () => {
    if (!sandboxUp) throw new Error('the sandbox did not start');
  };

  await check("the README's code example against the sandbox", async () => {
    needSandbox();
    return (await mustRun('node', ['readme-example.mjs'], { cwd: project, env: sandboxEnv }))
      .trim()
      .split('\n')
      .pop();
  });

  await check('esbuild ESM bundle (platform node, createRequire banner) runs', async () => {
    needSandbox();
    const { bundleWithEsbuild } = await import('./consumer/bundlers.mjs');
    const size = await bundleWithEsbuild(
      project,
      'bundle-entry.mjs',
      join(project, 'dist-esbuild/bundle.mjs'),
    );
    const out = await mustRun('node', ['dist-esbuild/bundle.mjs'], { cwd: project, env: sandboxEnv });
    return `${(size / 1e6).toFixed(1)} MB; ${out.trim()}`;
  });

  await check('rolldown ESM bundle (platform node) runs', async () => {
    needSandbox();
    const { bundleWithRolldown } = await import('./consumer/bundlers.mjs');
    const size = await bundleWithRolldown(
      project,
      'bundle-entry.mjs',
      join(project, 'dist-rolldown/bundle.mjs'),
    );
    const out = await mustRun('node', ['dist-rolldown/bundle.mjs'], { cwd: project, env: sandboxEnv });
    return `${(size / 1e6).toFixed(1)} MB; ${out.trim()}`;
  });

  await check('npx agentweb --version; agentweb --help', async () => {
    const version = (
      await mustRun('npx', ['--no-install', 'agentweb', '--version'], { cwd: project })
    ).trim();
    const expected = packed.find((p) => p.name === 'agentweb').version;
    if (!version.includes(expected)) throw new Error(`--version printed "${version}", not ${expected}`);
    const help = await mustRun(projectBin('agentweb'), ['--help'], { cwd: project });
    if (!help.includes('search')) throw new Error('--help does not list the search command');
    return version;
  });

  await check('agentweb search against the sandbox', async () => {
    needSandbox();
    const flags = ['--allow-http', '--allow-private-network', '--scheme', 'http'];
    flags.push('--resolve', '*.sandbox.test=127.0.0.1', '--dns', sandbox.dns, '--json');
    const out = await mustRun(
      projectBin('agentweb'),
      ['search', 'jacket', '--merchant', sandbox.shop, ...flags],
      {
        cwd: project,
      },
    );
    const result = JSON.parse(out);
    if (result.products.length === 0) throw new Error('no products');
    return `${result.products.length} products`;
  });

  await check('agentweb-mcp answers tools/list', async () => {
    const { listMcpTools } = await import('./consumer/mcp-client.mjs');
    const tools = await listMcpTools([projectBin('agentweb-mcp')], project);
    if (tools.length === 0) throw new Error('no tools');
    return `${tools.length} tools`;
  });

  await check('agentweb-sandbox --help', async () => {
    const out = await mustRun(projectBin('agentweb-sandbox'), ['--help'], { cwd: project });
    return out.trim().split('\n')[0];
  });

  for (const { name, result, seconds } of await lints) {
    await check(
      name,
      async () => {
        if (result.code !== 0) throw new Error(`exit ${result.code}:\n      ${tail(result, 30)}`);
        return `${seconds} s, beside the install`;
      },
      { timed: false },
    );
  }
} catch (error) {
  if (!(error instanceof Error && error.message === 'stop')) {
    failures.push('consumer test');
    console.log(`FAIL  consumer test: ${error instanceof Error ? error.stack : String(error)}`);
  }
} finally {
  await sandbox?.close();
  if (keep) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}

const seconds = ((performance.now() - started) / 1000).toFixed(0);
if (failures.length > 0) {
  console.log(`consumer test: ${failures.length} check(s) failed in ${seconds} s: ${failures.join('; ')}`);
  process.exit(1);
}
console.log(`consumer test: every check passed in ${seconds} s`);
