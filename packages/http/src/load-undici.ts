import { createRequire } from 'node:module';

let undici: typeof import('undici') | undefined;

/**
 * The `undici` package (the guarded connector, the keep-alive agent, its fetch), required on first use: when the
 * first connection is made or a guarded fetch created, not when this package is imported. It is about 110 files
 * that a process importing AgentWeb only to build a client, or to print its CLI help, need not read.
 */
export function loadUndici(): typeof import('undici') {
  // On load, npm undici installs its own Agent as the process's global dispatcher unless one is there, under the
  // key Node's built-in fetch reads too: loaded first, it would carry every `fetch` of the user's own code (and on
  // Node 20 its Agent refuses some of what Node's fetch sends: "invalid content-length header"). Node's bundled
  // undici claims that key when its classes are first touched, so touch one before.
  if (undici === undefined) {
    void globalThis.Headers;
    undici = createRequire(import.meta.url)('undici') as typeof import('undici');
  }
  return undici;
}
