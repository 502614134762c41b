import { readFileSync } from 'node:fs';

/** The repository's `fixtures/` folder (outside test data with its sources and licences; see its README). */
export const FIXTURES_DIR = new URL('../../../fixtures/', import.meta.url);

/** Reads and parses a JSON file under `fixtures/`. */
export function readFixtureJson<T = unknown>(relativePath: string): T {
  return JSON.parse(readFileSync(new URL(relativePath, FIXTURES_DIR), 'utf8')) as T;
}
