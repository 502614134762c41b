import { createRequire } from 'node:module';

/**
 * A loader of a CommonJS dependency that requires it on first call, resolved from `fromUrl` (the caller's
 * `import.meta.url`, so from the caller's own dependencies), then returns the same module. For heavy dependencies
 * used synchronously but only on some paths (undici on the first connection, yaml on the first YAML document,
 * ioredis on the first connection): importing the package that uses them stays cheap.
 */
export function lazyRequire<T>(fromUrl: string, specifier: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= createRequire(fromUrl)(specifier) as T;
    return loaded;
  };
}
