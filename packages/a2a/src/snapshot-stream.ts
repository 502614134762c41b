import type { StreamEvent } from './model.js';
import { type WarningSink, warning } from './warnings.js';

/**
 * Watches one connection of a stream for the snapshot-only form: some servers (VoltAgent) send the whole task again
 * on every change and close the connection without a terminal state or `final` event. Such a stream is over when
 * the connection closes cleanly; a stream with status or artifact updates that closes early was dropped instead.
 */
export class SnapshotTracker {
  #tasks = 0;
  #other = false;
  #state: string | undefined;

  /** Records one event of the connection. */
  see(event: StreamEvent): void {
    if (event.kind === 'task') {
      this.#tasks += 1;
      this.#state = event.status.state;
    } else this.#other = true;
  }

  /**
   * True when the connection carried only task snapshots (at least two) and closed without reaching a stream end:
   * the close is read as the end, with a `stream-no-final` warning to `warn`.
   */
  endedWithoutFinal(warn: WarningSink): boolean {
    // Two snapshots at least: spec servers send one task, then updates, and a lone task before a close is a drop.
    if (this.#tasks < 2 || this.#other) return false;
    warn(
      warning(
        'stream-no-final',
        'stream',
        `the stream sent ${this.#tasks} task snapshot(s) and closed without a terminal state or final event (last state: ${this.#state}); its end was taken as final`,
      ),
    );
    return true;
  }
}
