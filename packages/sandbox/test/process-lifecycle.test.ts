import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { moduleEntry } from '@agentweb/core';
import { afterEach, describe, expect, it } from 'vitest';

// The type-stripping hooks a child started from these sources needs (`moduleEntry` finds them).
const hooks = moduleEntry(import.meta.url, 'unused').execArgv[1]!;
const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const index = fileURLToPath(new URL('../src/index.ts', import.meta.url));

/** True while `pid` runs; a zombie (exited, not yet reaped by its new parent) counts as gone. */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    try {
      process.kill(pid, 0);
      return process.platform !== 'linux';
    } catch {
      return false;
    }
  }
}

async function waitFor(check: () => boolean, deadlineMs: number): Promise<boolean> {
  const end = Date.now() + deadlineMs;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

function readUntil(child: ChildProcess, marker: string, deadlineMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(
      () => reject(new Error(`no "${marker}" within ${deadlineMs} ms: ${out}`)),
      deadlineMs,
    );
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes(marker)) {
        clearTimeout(timer);
        resolve(out);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before "${marker}": ${out}`));
    });
  });
}

const spawned: ChildProcess[] = [];
afterEach(() => {
  for (const c of spawned.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

describe('sandbox CLI', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)(
    'accepts `-- --merchants 2` (as pnpm passes it), prints the merchants and exits 0 on %s',
    async (signal) => {
      const child = spawn(
        process.execPath,
        ['--import', hooks, cli, '--', '--merchants', '2', '--seed', 'cli'],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      spawned.push(child);
      const out = await readUntil(child, 'Ctrl-C to stop', 30_000);
      expect(out).toContain('shop-0.sandbox.test');
      expect(out).toContain('shop-1.sandbox.test');
      expect(out).not.toContain('shop-2.sandbox.test');
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      child.kill(signal);
      expect(await exited).toBe(0);
    },
    40_000,
  );
});

describe('startSandboxProcess child', () => {
  it('exits when its parent dies without closing it', async () => {
    const script = `const { startSandboxProcess } = await import(${JSON.stringify(index)});
const sb = await startSandboxProcess({ merchants: 1 });
process.stdout.write('child ' + sb.pid + '\\n');
setInterval(() => {}, 1000);`;
    const parent = spawn(process.execPath, ['--import', hooks, '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    spawned.push(parent);
    const out = await readUntil(parent, '\n', 30_000);
    const pid = Number(/child (\d+)/.exec(out)?.[1]);
    expect(running(pid)).toBe(true);
    parent.kill('SIGKILL');
    expect(await waitFor(() => !running(pid), 20_000)).toBe(true);
  }, 60_000);
});
