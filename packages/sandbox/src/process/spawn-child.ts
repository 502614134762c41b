import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { moduleEntry } from '@agentweb/core';
import { SandboxProcessError } from '../sandbox-errors.js';
import type { ChildReply, ChildStartRequest } from './child-protocol.js';

/** Options shared by every child-process starter. */
export interface ChildProcessOptions {
  /** Aborts the start: the child is killed and the promise rejects. */
  signal?: AbortSignal;
  /** How long the child may take to listen before it is killed (default 60 000 ms; 1,000 merchants take a few s). */
  startTimeoutMs?: number;
}

/** A started child: its ready reply and a way to stop it. */
export interface StartedChild<R> {
  reply: R;
  pid: number;
  /** Kills the child and resolves once it has exited. */
  stop(): Promise<void>;
}

// From dist the entry is plain JS; from source (vitest, tsc --noEmit) node needs the type-stripping hooks.
function entryArgs(): { entry: string; execArgv: string[] } {
  try {
    const { url, execArgv } = moduleEntry(import.meta.url, 'sandbox-child');
    return { entry: fileURLToPath(url), execArgv };
  } catch (error) {
    throw new SandboxProcessError(`sandbox child cannot start: ${(error as Error).message}`);
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function kill(child: ChildProcess): Promise<void> {
  const gone = exited(child);
  child.kill('SIGTERM');
  // A child stuck in a synchronous loop ignores nothing but SIGKILL.
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await gone;
  clearTimeout(timer);
}

/** Forks the sandbox child, sends `request` and waits for its ready reply. */
export async function startChild<K extends ChildStartRequest['kind']>(
  request: ChildStartRequest & { kind: K },
  options: ChildProcessOptions,
): Promise<StartedChild<Extract<ChildReply, { type: 'ready'; kind: K }>>> {
  options.signal?.throwIfAborted();
  const { entry, execArgv } = entryArgs();
  const child = fork(entry, [], {
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'json',
  });
  const timeoutMs = options.startTimeoutMs ?? 60_000;
  try {
    const reply = await new Promise<ChildReply>((resolve, reject) => {
      const fail = (message: string, cause?: unknown) => reject(new SandboxProcessError(message, cause));
      const timer = setTimeout(() => fail(`sandbox child did not start within ${timeoutMs} ms`), timeoutMs);
      const onAbort = () => reject(options.signal?.reason);
      options.signal?.addEventListener('abort', onAbort, { once: true });
      const cleanup = () => {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
      };
      child.once('message', (message: ChildReply) => {
        cleanup();
        resolve(message);
      });
      child.once('error', (error) => {
        cleanup();
        fail(`sandbox child failed: ${error.message}`, error);
      });
      child.once('exit', (code, signal) => {
        cleanup();
        fail(`sandbox child exited before it was ready (code ${code}, signal ${signal})`);
      });
      child.send(request);
    });
    if (reply.type === 'error')
      throw new SandboxProcessError(`sandbox child could not start: ${reply.message}`);
    if (reply.kind !== request.kind)
      throw new SandboxProcessError(`sandbox child started ${reply.kind}, not ${request.kind}`);
    let stopping: Promise<void> | undefined;
    return {
      reply: reply as Extract<ChildReply, { type: 'ready'; kind: K }>,
      pid: child.pid ?? -1,
      stop: () => {
        stopping ??= kill(child);
        return stopping;
      },
    };
  } catch (error) {
    await kill(child);
    throw error;
  }
}
