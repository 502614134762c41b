// Runs `runCli` in this process with captured streams: the same code as the bin, without a process per run.
import { PassThrough, Writable } from 'node:stream';
import { runCli } from '../src/cli/run-cli.js';
import type { CliRun } from './cli-harness.js';

/** Options of {@link runInProcess}. */
export interface InProcessOptions {
  /** Text on stdin; stdin ends after it unless `keepOpen`. */
  input?: string;
  /** Pretend stdin is a terminal (for the confirmation prompt). */
  stdinTTY?: boolean;
  /** Leave stdin open after `input` (a terminal waiting for more). */
  keepOpen?: boolean;
  /** Aborts the command like Ctrl-C does in the bin. */
  signal?: AbortSignal;
  /** Called with stdin so a test can type into it while the command runs. */
  onStdin?: (stdin: PassThrough) => void;
  /** Pretend stdout and stderr are a terminal (120 columns), as a person at a shell has them. */
  tty?: boolean;
  /** Called after every write, with all of stdout and stderr so far (to act while the command runs). */
  onOutput?: (output: { stdout: string; stderr: string }) => void;
}

/** A writable that keeps what is written, for reading back with `text()`. */
export function sink(onWrite?: () => void): { stream: Writable; text: () => string } {
  let out = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      out += String(chunk);
      done();
      onWrite?.();
    },
  });
  return { stream, text: () => out };
}

/** Runs one command line in process and resolves to its exit code and captured output. */
export async function runInProcess(args: readonly string[], options: InProcessOptions = {}): Promise<CliRun> {
  const report = (): void => options.onOutput?.({ stdout: stdout.text(), stderr: stderr.text() });
  const stdout = sink(report);
  const stderr = sink(report);
  if (options.tty)
    for (const s of [stdout.stream, stderr.stream]) Object.assign(s, { isTTY: true, columns: 120 });
  const stdin = Object.assign(new PassThrough(), { isTTY: options.stdinTTY === true });
  if (options.input !== undefined) stdin.write(options.input);
  if (!options.keepOpen) stdin.end();
  options.onStdin?.(stdin);
  const code = await runCli(args, {
    io: { stdout: stdout.stream, stderr: stderr.stream, stdin },
    ...(options.signal ? { signal: options.signal } : {}),
  });
  stdin.destroy();
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}
