import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { benchGroup, recordMetric } from '../../../bench/support/bench-group.js';
import { filesLoaded, median, timeRun } from '../../../bench/support/cold-start.mjs';
import { ensureCliBuilt } from '../test/cli-harness.js';

// Cold start, process by process (issue 24): every run is a fresh `node`, on the built dist as a user runs it.
// import('agentweb') is timed against import('@a2a-js/sdk/client') (0.3.14, @agentweb/a2a's devDependency) in one
// group (target: <= 2x); `agentweb --version` against a bare `node -e 0` (target: <= 150 ms more) and the MCP
// server from spawn to its first tools/list answer, with no sources (target: <= 400 ms), as figures. The files
// each import loads, per package, are recorded and printed.
ensureCliBuilt();
const agentwebDir = fileURLToPath(new URL('..', import.meta.url));
const a2aDir = fileURLToPath(new URL('../../a2a', import.meta.url));
const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const MCP = fileURLToPath(new URL('../dist/mcp/bin.js', import.meta.url));
const RUNS = 15;

const IMPORT_AGENTWEB = ['--input-type=module', '-e', "await import('agentweb')"];
const IMPORT_A2A_SDK = ['--input-type=module', '-e', "await import('a2a-sdk-v03/client')"];

const IMPORT_GROUP = 'cold start: import in a new node process, spawn to exit';
benchGroup(
  IMPORT_GROUP,
  [
    {
      name: "baseline: import('@a2a-js/sdk/client') 0.3.14",
      fn: () => void timeRun(IMPORT_A2A_SDK, { cwd: a2aDir }),
    },
    { name: "import('agentweb')", fn: () => void timeRun(IMPORT_AGENTWEB, { cwd: agentwebDir }) },
  ],
  { iterations: RUNS, time: 0, warmupIterations: 2 },
);

/** Spawn to the answer of the first tools/list of `agentweb-mcp` with no sources, in ms. */
function mcpFirstToolsList(): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [MCP], { stdio: ['pipe', 'pipe', 'ignore'] });
  const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
  send({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
  });
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffered += chunk;
      for (const line of buffered.split('\n').slice(0, -1)) {
        const message = JSON.parse(line) as { id?: number; result?: { tools?: unknown[] } };
        if (message.id === 2 && message.result?.tools) {
          const ms = performance.now() - started;
          child.kill();
          resolve(ms);
        }
      }
      buffered = buffered.slice(buffered.lastIndexOf('\n') + 1);
    });
    child.on('exit', (code) =>
      reject(new Error(`agentweb-mcp exited (${code}) before answering tools/list`)),
    );
  });
}

// Interleaved, so a slow moment of a shared machine lands on every figure alike.
const bare: number[] = [];
const version: number[] = [];
const mcp: number[] = [];
for (let i = 0; i < RUNS; i += 1) {
  bare.push(timeRun(['-e', '0']));
  version.push(timeRun([CLI, '--version']));
  mcp.push(await mcpFirstToolsList());
}
const STARTUP_GROUP = 'cold start: bins, spawn to exit (or to the first tools/list), median of 15';
recordMetric({ group: STARTUP_GROUP, name: 'node -e 0', value: median(bare), unit: 'ms' });
recordMetric({ group: STARTUP_GROUP, name: 'agentweb --version', value: median(version), unit: 'ms' });
recordMetric({
  group: STARTUP_GROUP,
  name: 'agentweb --version over node -e 0',
  value: median(version) - median(bare),
  unit: 'ms',
});
recordMetric({
  group: STARTUP_GROUP,
  name: 'agentweb-mcp spawn to first tools/list (no sources)',
  value: median(mcp),
  unit: 'ms',
});

// Files loaded, per package (one run each with loader hooks; not timed).
const FILES_GROUP = 'cold start: files loaded per package';
for (const [label, args, cwd] of [
  ["import('agentweb')", IMPORT_AGENTWEB, agentwebDir],
  ["import('@a2a-js/sdk/client')", IMPORT_A2A_SDK, a2aDir],
  ['agentweb --version', [CLI, '--version'], agentwebDir],
  ['agentweb --help', [CLI, '--help'], agentwebDir],
] as const) {
  const files = filesLoaded([...args], { cwd });
  recordMetric({ group: FILES_GROUP, name: `${label}: all files`, value: files.total, unit: 'files' });
  for (const [name, count] of files.perPackage)
    recordMetric({ group: FILES_GROUP, name: `${label}: ${name}`, value: count, unit: 'files' });
  console.log(`${label}: ${files.total} files: ${files.perPackage.map(([n, c]) => `${n} ${c}`).join(', ')}`);
}
