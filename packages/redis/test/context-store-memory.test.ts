import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileContextStore, createMemoryContextStore } from '@agentweb/cap';
import { describeContextStoreContract } from './helpers/context-store-contract.js';
import { describeSingleFlightContract } from './helpers/single-flight-contract.js';

// The in-process stores pass the same contract as the Redis store (context-store-redis.test.ts); in one process
// "two instances" share one store object.
describeContextStoreContract('memory', async () => {
  const store = createMemoryContextStore();
  return { a: store, b: store, close: async () => {} };
});

describeContextStoreContract('file', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'agentweb-context-contract-'));
  const store = createFileContextStore({ path: join(dir, 'contexts.json') });
  return { a: store, b: store, close: () => rm(dir, { recursive: true, force: true }) };
});

describeSingleFlightContract('memory', async (settings = {}) => {
  const store = createMemoryContextStore(settings);
  return { a: store, b: store, close: async () => {} };
});

describeSingleFlightContract('file', async (settings = {}) => {
  const dir = await mkdtemp(join(tmpdir(), 'agentweb-single-flight-'));
  const store = createFileContextStore({ path: join(dir, 'contexts.json'), ...settings });
  return { a: store, b: store, close: () => rm(dir, { recursive: true, force: true }) };
});
