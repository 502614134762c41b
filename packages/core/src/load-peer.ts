import { MissingPeerDependencyError } from './missing-peer-dependency-error.js';

/** What {@link loadPeer} needs: the package, what it is for, and the `import()` that loads it. */
export interface LoadPeerOptions<T> {
  /** The npm package to install when it is missing, e.g. `@grpc/grpc-js`. */
  packageName: string;
  /** What needs it, in words (goes into the error message). */
  feature: string;
  /**
   * Loads it: `() => import('@grpc/grpc-js')` (a literal specifier, so bundlers see it), or a module of ours that
   * imports it.
   */
  load: () => Promise<T>;
}

/** True when `error` says `packageName` (or a file inside it) could not be found. */
function isNotFound(error: unknown, packageName: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return false;
  // Only the package itself: a missing file of an installed package is a broken install, not a missing peer.
  // Node names the package ('@langchain/core'); other loaders (vite) the specifier ('@langchain/core/tools').
  if (typeof message !== 'string') return false;
  return [`'${packageName}'`, `'${packageName}/`, `"${packageName}"`, `"${packageName}/`].some((quoted) =>
    message.includes(quoted),
  );
}

/**
 * Imports an optional peer dependency on first use; when it is not installed, rejects with
 * {@link MissingPeerDependencyError} naming the package to install (instead of a bare `ERR_MODULE_NOT_FOUND`).
 */
export async function loadPeer<T>(options: LoadPeerOptions<T>): Promise<T> {
  try {
    return await options.load();
  } catch (error) {
    throw missingOr(error, options);
  }
}

/** What {@link loadPeerSync} needs: as {@link LoadPeerOptions}, with a synchronous load. */
export interface LoadPeerSyncOptions<T> extends Omit<LoadPeerOptions<T>, 'load'> {
  /** Loads it synchronously: `() => require('@langchain/core/tools')` with a `createRequire` of the caller. */
  load: () => T;
}

/**
 * {@link loadPeer} for a module that needs the peer while it is evaluated (a class that extends the peer's). A
 * synchronous `require` keeps that module free of top-level await, so CommonJS users can still `require()` it
 * (Node's require(esm) refuses a graph with top-level await).
 */
export function loadPeerSync<T>(options: LoadPeerSyncOptions<T>): T {
  try {
    return options.load();
  } catch (error) {
    throw missingOr(error, options);
  }
}

function missingOr(error: unknown, options: { packageName: string; feature: string }): unknown {
  if (!isNotFound(error, options.packageName)) return error;
  return new MissingPeerDependencyError({
    packageName: options.packageName,
    feature: options.feature,
    cause: error,
  });
}
