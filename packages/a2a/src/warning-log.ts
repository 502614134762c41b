import { type A2AWarning, MAX_CLIENT_WARNINGS, type WarningSink } from './warnings.js';

/** A client's warnings: the most recent {@link MAX_CLIENT_WARNINGS}, each also passed to the caller's hook. */
export class WarningLog {
  readonly #list: A2AWarning[] = [];

  constructor(private readonly onWarning: ((warning: A2AWarning) => void) | undefined) {}

  /** Records a warning, then calls the hook (whose exception, if any, fails the read that found it). */
  add(warning: A2AWarning): void {
    if (this.#list.length >= MAX_CLIENT_WARNINGS) this.#list.shift();
    this.#list.push(warning);
    this.onWarning?.(warning);
  }

  /** {@link add} as a sink for readers. */
  readonly sink: WarningSink = (warning) => this.add(warning);

  /** A snapshot of the recorded warnings, oldest first. */
  get list(): readonly A2AWarning[] {
    return this.#list.slice();
  }
}
