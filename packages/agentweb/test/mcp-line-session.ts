import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

/** The built bin, as `npx --package agentweb agentweb-mcp` runs it. */
export const MCP_BIN = fileURLToPath(new URL('../dist/mcp/bin.js', import.meta.url));

/** One message the bin wrote on stdout (every stdout line must parse as JSON). */
export type McpOut = { [key: string]: unknown };

/** agentweb-mcp spawned over stdio, spoken to in raw JSON-RPC lines. */
export interface McpLineSession {
  child: ChildProcessWithoutNullStreams;
  /** Writes one line: an object as its JSON, a string as it is (a newline is added). */
  send(message: object | string): void;
  /** Resolves with the first message (from the start of the session) matching, not yet taken. */
  next(match: (message: McpOut) => boolean, timeoutMs?: number): Promise<McpOut>;
  /** Every message received so far. */
  received(): McpOut[];
  /** Text on stderr so far. */
  stderr(): string;
  /** Closes stdin and resolves with the exit code. */
  end(): Promise<number | null>;
}

/** Spawns the built bin with `args` (after `nodeArgs` for node itself) and reads its stdout line by line. */
export function spawnMcpLineSession(
  args: readonly string[],
  nodeArgs: readonly string[] = [],
): McpLineSession {
  const child = spawn(process.execPath, [...nodeArgs, MCP_BIN, ...args], { stdio: 'pipe' });
  const messages: McpOut[] = [];
  const taken = new Set<McpOut>();
  let buffered = '';
  let err = '';
  const listeners = new Set<() => void>();
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    // A line that is not JSON fails the test here: stdout carries protocol messages only.
    for (const line of lines) messages.push(JSON.parse(line) as McpOut);
    for (const listener of listeners) listener();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    err += chunk;
  });
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return {
    child,
    send: (message) =>
      child.stdin.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`),
    next: (match, timeoutMs = 20_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find((m) => !taken.has(m) && match(m));
          if (found === undefined) return;
          taken.add(found);
          listeners.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no matching message in ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      }),
    received: () => [...messages],
    stderr: () => err,
    end: () => {
      child.stdin.end();
      return exited;
    },
  };
}

/** An `initialize` request asking for `protocolVersion`. */
export function initializeRequest(id: number, protocolVersion: string): object {
  return {
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw-test', version: '1' } },
  };
}

/** Matches the answer (result or error) to request `id`. */
export function answerTo(id: number | string | null): (message: McpOut) => boolean {
  return (message) => message['id'] === id && ('result' in message || 'error' in message);
}
