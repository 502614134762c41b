import { readFileSync } from 'node:fs';

/**
 * The shared oracle tree sits beside the repository (`<repo>/../shared`), both on developer machines and in
 * CI, so tests resolve it relative to this file.
 */
export const SHARED_DIR = new URL('../../../../shared/', import.meta.url);

/** Reads and parses a JSON file under `../shared/`. */
export function readSharedJson<T = unknown>(relativePath: string): T {
  return JSON.parse(readFileSync(new URL(relativePath, SHARED_DIR), 'utf8')) as T;
}
