import { Redis } from 'ioredis';
import { afterAll } from 'vitest';
import { benchFileNotRun, benchGroup } from '../../../bench/support/bench-group.js';
import { findExecutable } from '../../../test/interop.js';
import { createRedisContextStore } from '../src/index.js';
import { startRedisServer } from '../src/test/index.js';

// What the Redis context store costs over the bare client: one user's contextId read and written (what a merchant
// call does), through createRedisContextStore (a Lua script per call: TTL renewal, revocation generations) and as a
// plain GET and SET with ioredis, on the same redis-server and the same kind of connection. Keys rotate over 1 000
// users so no call hits a key the one before just wrote.
const executable = findExecutable('redis-server');

if (executable === undefined) {
  benchFileNotRun(import.meta.url, 'redis-server is not on PATH (apt-get install redis-server)');
} else {
  const server = await startRedisServer({ executable });
  const bare = new Redis(server.url);
  const store = createRedisContextStore({ url: server.url, keyPrefix: 'bench:' });
  afterAll(async () => {
    bare.disconnect();
    await store.close();
    await server.close();
  });

  const USERS = 1_000;
  let turn = 0;
  const next = () => {
    turn = (turn + 1) % USERS;
    return turn;
  };
  // Same sizes as a real call: a UUID-sized contextId, a merchant id that is a URL.
  const contextId = 'ctx-0f3b6c1e-6a4d-4c8e-9a51-2f7d0b9e4c3a';
  const merchantId = 'https://shop-7.example/a2a/jsonrpc';
  for (let user = 0; user < USERS; user += 1) {
    await store.set({ userId: `user-${user}`, merchantId }, contextId);
    await bare.set(`bare:context:user-${user}:${merchantId}`, contextId);
  }

  const timing = { time: 1500, warmupTime: 300 };
  benchGroup(
    'ContextStore get+set on one redis-server (loopback)',
    [
      {
        name: 'baseline: ioredis GET + SET',
        fn: async () => {
          const key = `bare:context:user-${next()}:${merchantId}`;
          await bare.get(key);
          await bare.set(key, contextId);
        },
      },
      {
        name: 'createRedisContextStore get + set',
        fn: async () => {
          const key = { userId: `user-${next()}`, merchantId };
          await store.get(key);
          await store.set(key, contextId);
        },
      },
      {
        name: 'createRedisContextStore read + setIfGeneration (the merchant client path)',
        fn: async () => {
          const key = { userId: `user-${next()}`, merchantId };
          const { generation } = await store.read(key);
          await store.setIfGeneration(key, contextId, generation);
        },
      },
    ],
    timing,
  );
}
