import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { moduleEntry } from './module-entry.js';

describe('moduleEntry', () => {
  it('runs the built .js file as is', () => {
    const entry = moduleEntry('file:///app/node_modules/@agentweb/x/dist/page/pool.js', 'worker');
    expect(entry.url.href).toBe('file:///app/node_modules/@agentweb/x/dist/page/worker.js');
    expect(entry.execArgv).toEqual([]);
  });

  it('runs a TypeScript source with the type-stripping hooks', () => {
    const entry = moduleEntry(import.meta.url, 'agentweb-error');
    expect(entry.url.href).toBe(new URL('./agentweb-error.ts', import.meta.url).href);
    expect(entry.execArgv[0]).toBe('--import');
    expect(existsSync(entry.execArgv[1]!)).toBe(true);
    expect(existsSync(fileURLToPath(entry.url))).toBe(true);
  });
});
