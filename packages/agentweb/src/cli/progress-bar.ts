import type { TerminalWritable } from './cli-io.js';
import { printable } from './table.js';

/** Options of {@link createProgressBar}. */
export interface ProgressBarOptions {
  /** Where to draw; nothing is drawn unless it is a TTY, so piped stderr stays clean. */
  stream: TerminalWritable;
  /** Number of steps. */
  total: number;
  /** Text before the bar, e.g. `crawl`. */
  label?: string;
  /** Least time between two redraws in ms (default 80); the last step always draws. */
  minIntervalMs?: number;
  /** Clock, for tests (default `performance.now`). */
  now?: () => number;
}

/** A one-line progress bar redrawn in place. */
export interface ProgressBar {
  /** Marks one more step done; `note` (e.g. the domain) is shown after the count. */
  tick(note?: string): void;
  /** Redraws with a new `note` (what is pending, say) without counting a step; throttled like `tick`. */
  note(note: string): void;
  /** Erases the bar. Idempotent. */
  done(): void;
  /** True when the bar draws (the stream is a TTY). */
  readonly active: boolean;
}

const BAR_WIDTH = 24;

/** A progress bar on a terminal stream; a no-op when the stream is not a TTY. */
export function createProgressBar(options: ProgressBarOptions): ProgressBar {
  const { stream } = options;
  const active = stream.isTTY === true;
  const total = Math.max(0, options.total);
  const now = options.now ?? (() => performance.now());
  const minInterval = options.minIntervalMs ?? 80;
  let completed = 0;
  let lastDraw = Number.NEGATIVE_INFINITY;
  let finished = false;

  const draw = (note: string): void => {
    const ratio = total === 0 ? 1 : Math.min(1, completed / total);
    const filled = Math.round(ratio * BAR_WIDTH);
    const bar = `${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}`;
    const label = options.label ? `${options.label} ` : '';
    const text = `${label}[${bar}] ${completed}/${total} ${note}`;
    // A terminal that reports no size (0 columns under `script` or some CI ptys) gets the classic 80.
    const columns = stream.columns || 80;
    // \r + erase-line redraws in place; clipping to the width keeps the line from wrapping.
    stream.write(`\r\u001b[2K${text.slice(0, Math.max(10, columns - 1))}`);
  };

  return {
    active,
    tick(note = '') {
      completed++;
      if (!active || finished) return;
      const t = now();
      if (completed < total && t - lastDraw < minInterval) return;
      lastDraw = t;
      draw(printable(note));
    },
    note(note) {
      if (!active || finished) return;
      const t = now();
      if (t - lastDraw < minInterval) return;
      lastDraw = t;
      draw(printable(note));
    },
    done() {
      if (finished) return;
      finished = true;
      if (active) stream.write('\r\u001b[2K');
    },
  };
}
