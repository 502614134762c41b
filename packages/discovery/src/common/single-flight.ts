import { raceAbort } from '@agentweb/core';

/** A run shared by every concurrent caller with the same key. */
interface Flight<T> {
  promise: Promise<T>;
  controller: AbortController;
  waiters: number;
}

/**
 * De-duplicates concurrent work per key. The shared run has its own abort signal, which fires only once every
 * caller waiting on it has aborted, so one impatient caller cannot cancel the others' answer.
 */
export class SingleFlight<T> {
  private readonly flights = new Map<string, Flight<T>>();

  /** Number of runs in progress. */
  get size(): number {
    return this.flights.size;
  }

  run(key: string, work: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    let flight = this.flights.get(key);
    if (flight === undefined) {
      const controller = new AbortController();
      const created: Flight<T> = { controller, waiters: 0, promise: Promise.resolve(undefined as T) };
      created.promise = work(controller.signal).finally(() => {
        if (this.flights.get(key) === created) this.flights.delete(key);
      });
      // Every waiter may have left; the run's own rejection must not become unhandled.
      created.promise.catch(() => {});
      this.flights.set(key, created);
      flight = created;
    }
    return this.wait(key, flight, signal);
  }

  private wait(key: string, flight: Flight<T>, signal: AbortSignal | undefined): Promise<T> {
    flight.waiters++;
    return raceAbort(flight.promise, signal, () => {
      flight.waiters--;
      if (flight.waiters === 0) {
        // A caller arriving now must start afresh rather than join a run that is being cancelled.
        if (this.flights.get(key) === flight) this.flights.delete(key);
        flight.controller.abort(signal?.reason);
      }
    });
  }
}
