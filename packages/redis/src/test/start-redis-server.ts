import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Options of {@link startRedisServer}. */
export interface StartRedisServerOptions {
  /** The `redis-server` executable (default: `redis-server` on `PATH`). */
  executable?: string;
  /** Port on 127.0.0.1 (default: a free one). */
  port?: number;
  /** How long to wait for the server to accept connections, in ms (default 10 000). */
  startTimeoutMs?: number;
  /** Extra `redis-server` arguments, e.g. `['--maxmemory', '8mb']`. */
  args?: readonly string[];
}

/** A `redis-server` started for a test, on 127.0.0.1 with its own temporary directory and no persistence. */
export interface RedisServerHandle {
  /** `redis://127.0.0.1:<port>`. */
  readonly url: string;
  /** Always `127.0.0.1`. */
  readonly host: string;
  /** The port it listens on (kept across {@link RedisServerHandle.restart}). */
  readonly port: number;
  /** Stops the server (SIGTERM), keeping the port and directory for {@link RedisServerHandle.start}. */
  stop(): Promise<void>;
  /** Starts it again on the same port after {@link RedisServerHandle.stop}; the data is gone (no persistence). */
  start(): Promise<void>;
  /** Stops and starts it: what a restart mid-run looks like to clients. */
  restart(): Promise<void>;
  /** Stops it for good and removes its directory. */
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address !== null && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

function waitForReady(child: ChildProcess, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`redis-server did not start within ${timeoutMs} ms:\n${output.slice(-2000)}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(
        new Error(`redis-server exited (${code ?? signal}) before it was ready:\n${output.slice(-2000)}`),
      );
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts a real `redis-server` on 127.0.0.1 for a test or benchmark: a free port, a temporary working directory,
 * no RDB or AOF files, no protected mode. Throws when the executable is missing or the server does not come up.
 */
export async function startRedisServer(options: StartRedisServerOptions = {}): Promise<RedisServerHandle> {
  const executable = options.executable ?? 'redis-server';
  const port = options.port ?? (await freePort());
  const startTimeoutMs = options.startTimeoutMs ?? 10_000;
  const dir = await mkdtemp(join(tmpdir(), 'agentweb-redis-'));
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--save',
    '',
    '--appendonly',
    'no',
    '--protected-mode',
    'no',
    ...(options.args ?? []),
  ];
  let child: ChildProcess | undefined;

  async function start(): Promise<void> {
    if (child !== undefined && child.exitCode === null && child.signalCode === null) return;
    const next = spawn(executable, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    next.stderr?.resume();
    child = next;
    await waitForReady(next, startTimeoutMs);
  }

  async function stop(): Promise<void> {
    if (child !== undefined) await stopChild(child);
  }

  try {
    await start();
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    host: '127.0.0.1',
    port,
    start,
    stop,
    restart: async () => {
      await stop();
      await start();
    },
    close: async () => {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
