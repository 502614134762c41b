import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/**
 * Loads an optional peer's ES module synchronously, as `agentweb`'s own code would import it. Synchronous so the
 * subpath that needs it (a class extending the peer's) has no top-level await and CommonJS users can still
 * `require()` it; the ES build (resolved with `import.meta.resolve`, then loaded by require(esm)) rather than the
 * peer's CommonJS build, so the module is the very one the user's `import` gets and `instanceof` holds. A missing
 * package throws Node's `ERR_MODULE_NOT_FOUND` naming it. Where `import.meta.resolve` is absent (some bundlers),
 * the peer's CommonJS build is used.
 */
export function requirePeer<T>(specifier: string): T {
  const resolve = (import.meta as { resolve?: (specifier: string) => string }).resolve;
  if (typeof resolve !== 'function') return require(specifier) as T;
  const url = resolve(specifier);
  return require(url.startsWith('file:') ? fileURLToPath(url) : url) as T;
}
