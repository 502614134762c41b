import type { TerminalWritable } from './cli-io.js';
import { printable } from './table.js';

/** Options of {@link createStatusLine}. */
export interface StatusLineOptions {
  /** Where to write (stderr). */
  stream: TerminalWritable;
  /** On a terminal the line is redrawn in place at most this often, in ms (default 200). */
  minIntervalMs?: number;
  /** Elsewhere (a log file, a pipe) a plain line is written at most this often, in ms (default 5000). */
  plainIntervalMs?: number;
  /** Clock, for tests (default `performance.now`). */
  now?: () => number;
}

/** A status that changes while a long command runs: redrawn in place on a terminal, logged now and then elsewhere. */
export interface StatusLine {
  /** Shows `text` (when the interval allows, or always with `force`). */
  update(text: string, force?: boolean): void;
  /** Writes `text` as a line of its own (a warning), keeping the status below it on a terminal. */
  note(text: string): void;
  /** Erases the status on a terminal. Idempotent. */
  done(): void;
}

/** A status line on `stream` (see {@link StatusLine}). */
export function createStatusLine(options: StatusLineOptions): StatusLine {
  const { stream } = options;
  const tty = stream.isTTY === true;
  const now = options.now ?? (() => performance.now());
  const interval = tty ? (options.minIntervalMs ?? 200) : (options.plainIntervalMs ?? 5_000);
  let last = Number.NEGATIVE_INFINITY;
  let shown = '';
  let finished = false;
  const draw = (text: string): void => {
    const clipped = printable(text).slice(0, Math.max(10, (stream.columns || 80) - 1));
    stream.write(`\r\u001b[2K${clipped}`);
  };
  return {
    update(text, force = false) {
      if (finished) return;
      const t = now();
      if (!force && t - last < interval) return;
      last = t;
      shown = text;
      if (tty) draw(text);
      else stream.write(`${printable(text)}\n`);
    },
    note(text) {
      if (tty) {
        stream.write(`\r\u001b[2K${printable(text)}\n`);
        if (shown !== '' && !finished) draw(shown);
      } else stream.write(`${printable(text)}\n`);
    },
    done() {
      if (finished) return;
      finished = true;
      if (tty) stream.write('\r\u001b[2K');
    },
  };
}
