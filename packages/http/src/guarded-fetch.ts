import { checkOptions, is } from '@agentweb/core';
import type { Dispatcher } from 'undici';
import { createGuardedDispatcher, type GuardedDispatcherOptions } from './guarded-dispatcher.js';
import { loadUndici } from './load-undici.js';

/** A `fetch`-compatible function. */
export type FetchFunction = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

const GUARDED = Symbol.for('agentweb.http.guardedFetch');

/** A `fetch` whose connections are address-checked at connect time; see {@link createGuardedFetch}. */
export type GuardedFetch = FetchFunction & {
  /** The dispatcher carrying the guard; close it to drop keep-alive sockets. */
  readonly dispatcher: Dispatcher;
};

/** Options of {@link createGuardedFetch}. */
export interface GuardedFetchOptions extends GuardedDispatcherOptions {
  /** Use this dispatcher instead of creating one (it must carry the guard, e.g. from `createGuardedDispatcher`). */
  dispatcher?: Dispatcher;
}

/**
 * A standards-shaped `fetch` (npm undici's, about twice as fast as Node 20's global one) that checks the
 * address of every connection it opens, including connections opened while following redirects. Accepts a
 * global `Request` too (which undici's own `fetch` rejects), so it can be handed to ky or to the client.
 */
export function createGuardedFetch(options: GuardedFetchOptions = {}): GuardedFetch {
  checkOptions('createGuardedFetch', options, {
    dispatcher: { ...is.methods('dispatch'), expected: 'an undici Dispatcher' },
  });
  const dispatcher = options.dispatcher ?? createGuardedDispatcher(options, 'createGuardedFetch');
  const undiciFetch = loadUndici().fetch;
  const guarded = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    if (typeof input === 'string' || input instanceof URL) {
      return undiciFetch(input, { ...toUndiciInit(init), dispatcher }) as unknown as Promise<Response>;
    }
    const body = init?.body !== undefined ? init.body : input.body;
    const merged = {
      method: input.method,
      headers: input.headers,
      signal: input.signal,
      redirect: input.redirect,
      ...toUndiciInit(init),
      body,
      duplex: 'half',
      dispatcher,
    };
    return undiciFetch(
      input.url,
      merged as Parameters<typeof undiciFetch>[1],
    ) as unknown as Promise<Response>;
  };
  return Object.assign(guarded, { dispatcher, [GUARDED]: true as const });
}

function toUndiciInit(init: RequestInit | undefined): Record<string, unknown> {
  return init === undefined ? {} : { ...init };
}

/** True for functions made by {@link createGuardedFetch} (from any copy of this package). */
export function isGuardedFetch(value: unknown): value is GuardedFetch {
  return typeof value === 'function' && (value as unknown as Record<symbol, unknown>)[GUARDED] === true;
}
