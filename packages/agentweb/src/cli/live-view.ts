import type { CliIo } from './cli-io.js';
import { printable } from './table.js';

/**
 * What a command shows while it runs, when a person watches: results on stdout as each one arrives, and one status
 * line on stderr (what is done, what is pending) redrawn in place below them. Off when stdout is not a terminal
 * (a pipe or a file gets the results once, in order, at the end) and with `--json`.
 */
export interface LiveView {
  /** True when results are printed as they arrive (stdout is a terminal and not `--json`). */
  readonly live: boolean;
  /** Replaces the status line (a no-op unless live and stderr is a terminal). */
  status(text: string): void;
  /** Prints a finished result on stdout now, above the status line (a no-op unless live). */
  result(text: string): void;
  /** Erases the status line. Idempotent. */
  done(): void;
}

/** A {@link LiveView} on `io`; `json` turns it off. */
export function createLiveView(io: CliIo, json: boolean): LiveView {
  const live = !json && io.stdout.isTTY === true;
  const drawStatus = live && io.stderr.isTTY === true;
  let shown = '';
  let finished = false;
  const erase = (): void => {
    if (shown !== '') io.stderr.write('\r\u001b[2K');
  };
  const draw = (): void => {
    if (shown === '') return;
    // A terminal that reports no size (0 columns under `script` or some CI ptys) gets the classic 80.
    const width = Math.max(10, (io.stderr.columns || 80) - 1);
    io.stderr.write(`\r\u001b[2K${shown.slice(0, width)}`);
  };
  return {
    live,
    status(text) {
      if (!drawStatus || finished) return;
      // Callers end with `; <pending list>`, which is empty once nothing is pending.
      shown = printable(text).replace(/;\s*$/, '');
      draw();
    },
    result(text) {
      if (!live) return;
      if (drawStatus) erase();
      io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
      if (drawStatus && !finished) draw();
    },
    done() {
      if (finished) return;
      finished = true;
      if (drawStatus) erase();
      shown = '';
    },
  };
}

/** `pending: a, b (+3 more)` for a status line; empty when nothing is pending. */
export function pendingList(names: Iterable<string>, label = 'pending', shown = 3): string {
  const all = [...names];
  if (all.length === 0) return '';
  const more = all.length > shown ? ` (+${all.length - shown} more)` : '';
  return `${label}: ${all.slice(0, shown).join(', ')}${more}`;
}
