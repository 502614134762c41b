// Shared by the cli-*.test.ts and mcp-* tests: makes sure the built bins are current, runs the CLI as a child.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Sandbox } from '@agentweb/sandbox';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const repoDir = fileURLToPath(new URL('../../..', import.meta.url));
/** The bin as package.json names it. */
export const CLI_BIN = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const MCP_BIN = fileURLToPath(new URL('../dist/mcp/bin.js', import.meta.url));
const DEPENDENCIES = ['core', 'http', 'agentcard', 'discovery', 'a2a', 'cap', 'agis', 'redis', 'ucp'];

function newestSourceMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceMtime(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
      newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

function stale(): boolean {
  if (!existsSync(CLI_BIN) || !existsSync(MCP_BIN)) return true;
  // What the two bins import (the CLI, and the MCP server with the tools), and the LangChain subpath that
  // optional-peers.test.ts imports.
  const newest = Math.max(
    ...['cli', 'client', 'config', 'mcp', 'tools', 'state', 'langchain'].map((d) =>
      newestSourceMtime(`${packageDir}src/${d}`),
    ),
  );
  return Math.min(statSync(CLI_BIN).mtimeMs, statSync(MCP_BIN).mtimeMs) < newest;
}

/**
 * CI runs `pnpm build` before `pnpm test`, so dist is current there and nothing is built. Locally, a missing or
 * stale bin is rebuilt once: test files run in parallel, so a lock directory makes one of them build while the
 * others wait. tsc writes over dist in place (no clean step), so a bin another file is running never vanishes.
 */
function depsMissing(): boolean {
  return DEPENDENCIES.some((d) => {
    const built = `${repoDir}packages/${d}/dist/index.js`;
    // A dependency edited since its last build would make the bin run old code (or miss a new export).
    return !existsSync(built) || statSync(built).mtimeMs < newestSourceMtime(`${repoDir}packages/${d}/src`);
  });
}

export function ensureCliBuilt(): void {
  if (!stale() && !depsMissing()) return;
  const lock = `${packageDir}.cli-build.lock`;
  const deadline = Date.now() + 180_000;
  while (true) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock older than the deadline is left over from a killed run.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 180_000)
        rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error('timed out waiting for another test file to build the CLI');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
    }
  }
  try {
    if (depsMissing())
      execFileSync(
        'pnpm',
        ['exec', 'turbo', 'run', 'build', '--filter=agentweb^...', '--output-logs=errors-only'],
        {
          cwd: repoDir,
          stdio: 'inherit',
        },
      );
    if (stale())
      execFileSync('pnpm', ['exec', 'tsc', '-p', 'tsconfig.build.json'], {
        cwd: packageDir,
        stdio: 'inherit',
      });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** What a run of the bin gave. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the bin asynchronously (the sandbox lives in this process, so its event loop must keep turning) with
 * stdin closed (not a terminal) unless `input` is given.
 */
export function runCli(
  args: readonly string[],
  options: { input?: string; cwd?: string } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_BIN, ...args], {
      cwd: options.cwd ?? repoDir,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}

/** Flags that point the CLI (or agentweb-mcp) at a sandbox, and only at it. */
export function sandboxFlags(sb: Sandbox): string[] {
  return [
    '--allow-http',
    '--allow-private-network',
    '--scheme',
    'http',
    '--resolve',
    '*.sandbox.test=127.0.0.1',
    '--dns',
    `${sb.dns.host}:${sb.dns.port}`,
  ];
}

/** The `shop-0.sandbox.test:<port>` form a person types. */
export function hostPort(sb: Sandbox, index: number): string {
  return `${sb.merchants[index]!.domain}:${sb.http.port}`;
}
