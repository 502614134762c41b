import type { Readable, Writable } from 'node:stream';
import { withholdUrlSecrets } from '@agentweb/core';

/** A writable stream that may be a terminal (`process.stderr` is one when attached to a TTY). */
export type TerminalWritable = Writable & {
  /** True when the stream is a terminal. */
  isTTY?: boolean;
  /** Terminal width, when a terminal. */
  columns?: number;
};

/** Where a command reads and writes; `process` streams in the bin, buffers in tests. */
export interface CliIo {
  /** Results: tables, JSON, JSONL. */
  stdout: TerminalWritable;
  /** Errors, prompts and progress. */
  stderr: TerminalWritable;
  /** Confirmation answers. */
  stdin: Readable & { isTTY?: boolean };
}

/** Writes one line. */
export function writeLine(stream: Writable, text = ''): void {
  stream.write(`${text}\n`);
}

/** Writes a value as indented JSON (errors become `{ name, code, message }`). */
export function writeJson(stream: Writable, value: unknown): void {
  stream.write(`${JSON.stringify(value, jsonReplacer, 2)}\n`);
}

/** One-line JSON, for JSONL output. */
export function toJsonLine(value: unknown): string {
  return JSON.stringify(value, jsonReplacer);
}

/** The string `code` of an error (ours, or Node's such as `ENOENT`), when it has one. */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Error objects serialise to `{}` by default; scripts need their code and message (URL queries and credentials
 * withheld, as in the JSON form of AgentWeb errors, which their own `toJSON` writes).
 */
function jsonReplacer(_key: string, value: unknown): unknown {
  if (value instanceof Error) {
    const code = errorCode(value);
    return {
      name: value.name,
      ...(code !== undefined ? { code } : {}),
      message: withholdUrlSecrets(value.message),
    };
  }
  if (typeof value === 'bigint') return value.toString();
  return value;
}
