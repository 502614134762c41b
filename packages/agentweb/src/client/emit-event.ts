import type { AgentWebEvent } from './types.js';

/** An event sink that never throws: a broken listener must not break the call that reports progress. */
export type EventEmitter = (event: AgentWebEvent) => void;

/** Wraps the user's `onEvent` so that its errors are swallowed. */
export function createEventEmitter(listener: ((event: AgentWebEvent) => void) | undefined): EventEmitter {
  if (listener === undefined) return () => undefined;
  return (event) => {
    try {
      listener(event);
    } catch {
      // Listener errors are the listener's business (documented on `onEvent`).
    }
  };
}
