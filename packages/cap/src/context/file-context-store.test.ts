import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isContextStoreCorruptError, isContextStoreError } from './context-store-errors.js';
import { createFileContextStore } from './file-context-store.js';

let dir: string;
let path: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cap-context-'));
  path = join(dir, 'contexts.json');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('createFileContextStore', () => {
  it('persists contexts per user and merchant across store instances', async () => {
    const store = createFileContextStore({ path });
    expect(await store.get({ userId: 'u', merchantId: 'm' })).toBeUndefined();
    await store.set({ userId: 'u', merchantId: 'm' }, 'c1');
    await store.set({ userId: 'u', merchantId: 'm' }, 'c2');
    await store.set({ userId: '__proto__', merchantId: 'constructor' }, 'odd');
    await store.set({ userId: 'v', merchantId: 'm' }, 'c3');
    await store.delete({ userId: 'v', merchantId: 'm' });
    const reopened = createFileContextStore({ path });
    expect(await reopened.get({ userId: 'u', merchantId: 'm' })).toBe('c2');
    expect(await reopened.get({ userId: '__proto__', merchantId: 'constructor' })).toBe('odd');
    expect(await reopened.get({ userId: 'v', merchantId: 'm' })).toBeUndefined();
  });

  it('loses no update among many concurrent writes, and the file is valid whenever a reader looks', async () => {
    const store = createFileContextStore({ path });
    const snapshots: string[] = [];
    let writing = true;
    const reader = (async () => {
      while (writing) {
        snapshots.push(await readFile(path, 'utf8').catch(() => '{"version":1,"entries":[]}'));
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        store.set({ userId: `u${i % 7}`, merchantId: `m${i}` }, `ctx-${i}`),
      ),
    );
    writing = false;
    await reader;
    for (const text of snapshots) expect(() => JSON.parse(text)).not.toThrow();
    const reopened = createFileContextStore({ path });
    for (let i = 0; i < 100; i += 1) {
      expect(await reopened.get({ userId: `u${i % 7}`, merchantId: `m${i}` })).toBe(`ctx-${i}`);
    }
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('ignores a temp file left by a crash mid-write and keeps the last complete file', async () => {
    const store = createFileContextStore({ path });
    await store.set({ userId: 'u', merchantId: 'm' }, 'committed');
    await writeFile(`${path}.999.deadbeef.tmp`, '{"version":1,"entries":[["u","m","torn');
    const reopened = createFileContextStore({ path });
    expect(await reopened.get({ userId: 'u', merchantId: 'm' })).toBe('committed');
  });

  it('refuses a corrupt file with a typed error and leaves it untouched by default', async () => {
    await writeFile(path, '{"version":1,"entries":[["u","m"]]}');
    const store = createFileContextStore({ path });
    await expect(store.get({ userId: 'u', merchantId: 'm' })).rejects.toSatisfy(isContextStoreCorruptError);
    await expect(store.set({ userId: 'u', merchantId: 'm' }, 'c')).rejects.toThrow(/entry 0/);
    expect(await readFile(path, 'utf8')).toBe('{"version":1,"entries":[["u","m"]]}');
    await writeFile(path, 'not json');
    await expect(store.get({ userId: 'u', merchantId: 'm' })).rejects.toThrow(/not valid JSON/);
  });

  it('with onCorrupt: reset, moves the corrupt file aside, warns, and starts empty', async () => {
    await writeFile(path, 'garbage');
    const warnings: string[] = [];
    const store = createFileContextStore({ path, onCorrupt: 'reset', onWarning: (m) => warnings.push(m) });
    expect(await store.get({ userId: 'u', merchantId: 'm' })).toBeUndefined();
    await store.set({ userId: 'u', merchantId: 'm' }, 'fresh');
    expect(warnings).toHaveLength(1);
    const names = await readdir(dir);
    const aside = names.find((name) => name.startsWith('contexts.json.corrupt-'));
    expect(aside).toBeDefined();
    expect(await readFile(join(dir, aside!), 'utf8')).toBe('garbage');
    expect(await createFileContextStore({ path }).get({ userId: 'u', merchantId: 'm' })).toBe('fresh');
  });

  it('reports an unwritable location as a typed error and keeps serving what is stored', async () => {
    const store = createFileContextStore({ path: join(dir, 'missing-dir', 'contexts.json') });
    await expect(store.set({ userId: 'u', merchantId: 'm' }, 'c')).rejects.toSatisfy(isContextStoreError);
    expect(await store.get({ userId: 'u', merchantId: 'm' })).toBeUndefined();
  });
});
